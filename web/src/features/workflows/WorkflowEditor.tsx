// Creating or changing a workflow: name, enabled, its trigger, its stages of activities (each
// activity's type from GET /workflows/activity-types with its parameters as that type's form,
// its input one of the outputs of earlier stages, its output name), the workflows it starts
// when it succeeds, and a comment. Saved with POST, or PUT naming the version it was based on
// (a concurrent save is a conflict to reload, not lost); the server's issues sit at their fields.
import { useId, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { api, get } from "../../api";
import { CheckboxField, Field, FieldErrors, TextField } from "../../components/Fields";
import { FormAlerts } from "../../kit/FormAlerts";
import { noErrors, type FormErrors } from "../../kit/form-errors";
import type { ActivityTypeView, WorkflowDefinition, WorkflowItem } from "../../types";
import { ConfigForm, type ConfigDraft, fromConfigDraft, rowKey, toConfigDraft } from "./ConfigForm";
import { placedErrors } from "./form-errors";
import { WORKFLOWS, workflowPath } from "./paths";
import { fromTriggerDraft, toTriggerDraft, TriggerFields, triggerKeys, type TriggerDraft } from "./TriggerFields";

interface ActivityDraft {
  key: number;
  type: string;
  input: string;
  output: string;
  /** The output name was made up here, so it follows the type until it is typed. */
  autoOutput: boolean;
  parameters: ConfigDraft;
}
interface StageDraft {
  key: number;
  activities: ActivityDraft[];
}

const activityPath = (stage: number, activity: number) => `stages.${stage}.activities.${activity}`;

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

function uniqueOutput(base: string, taken: Set<string>): string {
  const stem = base.replace(/[^a-z0-9_]/g, "_").replace(/^[^a-z]+/, "") || "step";
  if (!taken.has(stem)) return stem;
  let n = 2;
  while (taken.has(`${stem}_${n}`)) n++;
  return `${stem}_${n}`;
}

export function WorkflowEditor({
  workflow,
  activityTypes,
  workflows,
}: {
  workflow?: WorkflowItem | undefined;
  activityTypes: ActivityTypeView[];
  workflows: WorkflowItem[];
}) {
  const [, navigate] = useLocation();
  const mode = workflow ? "edit" : "create";
  const types = useMemo(() => new Map(activityTypes.map((type) => [type.type, type])), [activityTypes]);
  const fieldsOf = (type: string) => types.get(type)?.config_fields ?? [];

  const toStages = (item: WorkflowItem | undefined): StageDraft[] =>
    item
      ? item.stages.map((stage) => ({
          key: rowKey(),
          activities: stage.activities.map((activity) => ({
            key: rowKey(),
            type: activity.type,
            input: activity.input ?? "",
            output: activity.output,
            autoOutput: false,
            parameters: toConfigDraft(fieldsOf(activity.type), activity.parameters),
          })),
        }))
      : [];

  const [name, setName] = useState(workflow?.name ?? "");
  const [enabled, setEnabled] = useState(workflow?.enabled ?? true);
  const [trigger, setTrigger] = useState<TriggerDraft>(() => toTriggerDraft(workflow ?? { schedule: null, watch_scans: [] }));
  const [stages, setStages] = useState<StageDraft[]>(() => toStages(workflow));
  const [triggers, setTriggers] = useState<string[]>(workflow?.trigger_workflows ?? []);
  const [comment, setComment] = useState("");
  const [baseVersion, setBaseVersion] = useState(workflow?.current_version ?? 0);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const stagesHeading = useId();
  const triggersHeading = useId();

  const taken = () => new Set(stages.flatMap((stage) => stage.activities.map((activity) => activity.output)));
  const newActivity = (type = activityTypes[0]?.type ?? "query"): ActivityDraft => ({
    key: rowKey(),
    type,
    input: "",
    output: uniqueOutput(type, taken()),
    autoOutput: true,
    parameters: toConfigDraft(fieldsOf(type)),
  });

  const setStage = (index: number, change: (stage: StageDraft) => StageDraft) => setStages(stages.map((stage, at) => (at === index ? change(stage) : stage)));
  const setActivity = (s: number, a: number, change: Partial<ActivityDraft>) =>
    setStage(s, (stage) => ({ ...stage, activities: stage.activities.map((activity, at) => (at === a ? { ...activity, ...change } : activity)) }));

  const definition = (): WorkflowDefinition => ({
    name,
    enabled,
    schedule: fromTriggerDraft(trigger).schedule,
    watch_scans: fromTriggerDraft(trigger).watch_scans,
    stages: stages.map((stage) => ({
      activities: stage.activities.map((activity) => ({
        type: activity.type,
        ...(activity.input ? { input: activity.input } : {}),
        output: activity.output.trim(),
        parameters: fromConfigDraft(fieldsOf(activity.type), activity.parameters),
      })),
    })),
    trigger_workflows: triggers,
  });

  /** Every path an issue can be shown at, for the draft as it is now. */
  const shown = new Set(["name", "enabled", "stages", "trigger_workflows", "comment", ...triggerKeys(trigger, false)]);
  stages.forEach((stage, s) => {
    shown.add(`stages.${s}`).add(`stages.${s}.activities`);
    stage.activities.forEach((activity, a) => {
      const at = activityPath(s, a);
      for (const field of ["", ".type", ".input", ".output", ".parameters"]) shown.add(`${at}${field}`);
      for (const field of fieldsOf(activity.type)) shown.add(`${at}.parameters.${field.name}`);
    });
  });

  const save = async () => {
    setBusy(true);
    setErrors(noErrors);
    setNotice(null);
    try {
      const body = { ...definition(), ...(comment.trim() ? { comment: comment.trim() } : {}) };
      const saved = workflow
        ? await api<WorkflowItem>("PUT", workflowPath(workflow.workflow_id), { ...body, base_version: baseVersion })
        : await api<WorkflowItem>("POST", WORKFLOWS, body);
      navigate(workflowPath(saved.workflow_id));
    } catch (error) {
      setErrors(placedErrors(error, shown, mode));
      setBusy(false);
    }
  };

  const reload = async () => {
    if (!workflow) return;
    try {
      const latest = await get<WorkflowItem>(workflowPath(workflow.workflow_id));
      setName(latest.name);
      setEnabled(latest.enabled);
      setTrigger(toTriggerDraft(latest));
      setStages(toStages(latest));
      setTriggers(latest.trigger_workflows);
      setBaseVersion(latest.current_version);
      setErrors(noErrors);
      setNotice(`Loaded the latest version (${latest.current_version}). Make your change again and save.`);
    } catch (error) {
      setErrors(placedErrors(error, new Set(), mode));
    }
  };

  const fields = errors.fields;
  // Scheduled queries are not started by other workflows.
  const others = workflows.filter((other) => other.kind === "workflow" && other.workflow_id !== workflow?.workflow_id);
  const unknownTriggers = triggers.filter((id) => !others.some((other) => other.workflow_id === id));

  return (
    <form
      className="form workflow-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormAlerts noun="workflow" errors={errors} notice={notice} onReload={() => void reload()} />
      <TextField label="Name" name="name" value={name} onChange={setName} required error={fields.name} />
      <CheckboxField
        label="Enabled"
        name="enabled"
        checked={enabled}
        onChange={setEnabled}
        hint="A disabled workflow does not run on its trigger; Run now still runs it."
      />
      <FieldErrors messages={fields.enabled} />
      <TriggerFields draft={trigger} onChange={setTrigger} errors={fields} />

      <section className="stages" aria-labelledby={stagesHeading} data-field="stages">
        <h2 id={stagesHeading} className="section-title">
          Stages
        </h2>
        <p className="hint">
          Stages run in order; the activities of a stage run side by side. An activity's input is the output of an activity in an earlier stage.
        </p>
        <FieldErrors messages={fields.stages} />
        {stages.map((stage, s) => {
          const earlier = stages.slice(0, s).flatMap((before) => before.activities.map((activity) => activity.output).filter(Boolean));
          return (
            <fieldset key={stage.key} className="stage" data-field={`stages.${s}`}>
              <legend>Stage {s + 1}</legend>
              <div className="row-buttons">
                <button
                  type="button"
                  className="button small"
                  aria-label={`Move stage ${s + 1} up`}
                  disabled={s === 0}
                  onClick={() => setStages(move(stages, s, s - 1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Move stage ${s + 1} down`}
                  disabled={s === stages.length - 1}
                  onClick={() => setStages(move(stages, s, s + 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button small danger"
                  aria-label={`Remove stage ${s + 1}`}
                  onClick={() => setStages(stages.filter((_, at) => at !== s))}
                >
                  Remove stage
                </button>
              </div>
              <FieldErrors messages={[...(fields[`stages.${s}`] ?? []), ...(fields[`stages.${s}.activities`] ?? [])]} />
              {stage.activities.map((activity, a) => (
                <ActivityFields
                  key={activity.key}
                  stage={s}
                  index={a}
                  count={stage.activities.length}
                  activity={activity}
                  types={activityTypes}
                  earlier={earlier}
                  errors={fields}
                  onChange={(change) => setActivity(s, a, change)}
                  onType={(type) =>
                    setActivity(s, a, {
                      type,
                      parameters: toConfigDraft(fieldsOf(type)),
                      ...(activity.autoOutput ? { output: uniqueOutput(type, new Set([...taken()].filter((output) => output !== activity.output))) } : {}),
                    })
                  }
                  onMove={(to) => setStage(s, (current) => ({ ...current, activities: move(current.activities, a, to) }))}
                  onRemove={() => setStage(s, (current) => ({ ...current, activities: current.activities.filter((_, at) => at !== a) }))}
                />
              ))}
              <button
                type="button"
                className="button small"
                onClick={() => setStage(s, (current) => ({ ...current, activities: [...current.activities, newActivity()] }))}
              >
                + Add activity to stage {s + 1}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="button"
          onClick={() => setStages([...stages, { key: rowKey(), activities: [newActivity(stages.length === 0 ? "query" : undefined)] }])}
        >
          + Add stage
        </button>
      </section>

      <fieldset className="trigger-workflows" aria-labelledby={triggersHeading} data-field="trigger_workflows">
        <legend id={triggersHeading} className="field-label">
          Then start these workflows
        </legend>
        <p className="hint">Started after every stage of a run succeeded.</p>
        {others.length === 0 && unknownTriggers.length === 0 && <p className="muted small">There are no other workflows.</p>}
        <div className="choice-column">
          {others.map((other) => (
            <label key={other.workflow_id} className="choice">
              <input
                type="checkbox"
                checked={triggers.includes(other.workflow_id)}
                onChange={(event) => setTriggers(event.target.checked ? [...triggers, other.workflow_id] : triggers.filter((id) => id !== other.workflow_id))}
              />{" "}
              {other.name}
            </label>
          ))}
          {unknownTriggers.map((id) => (
            <label key={id} className="choice">
              <input type="checkbox" checked onChange={() => setTriggers(triggers.filter((other) => other !== id))} /> <code>{id}</code> (not found)
            </label>
          ))}
        </div>
        <FieldErrors messages={fields.trigger_workflows} />
      </fieldset>

      <TextField
        label={mode === "edit" ? "Comment (optional)" : "Comment (optional)"}
        name="comment"
        value={comment}
        onChange={setComment}
        error={fields.comment}
        hint="Why you made this change; shown in the version history."
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => navigate(workflow ? workflowPath(workflow.workflow_id) : WORKFLOWS)}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Saving…" : mode === "create" ? "Create workflow" : "Save changes"}
        </button>
      </div>
    </form>
  );
}

function ActivityFields({
  stage,
  index,
  count,
  activity,
  types,
  earlier,
  errors,
  onChange,
  onType,
  onMove,
  onRemove,
}: {
  stage: number;
  index: number;
  count: number;
  activity: ActivityDraft;
  types: ActivityTypeView[];
  /** The outputs of the earlier stages' activities, which this one may take as its input. */
  earlier: string[];
  errors: Record<string, string[]>;
  onChange(change: Partial<ActivityDraft>): void;
  onType(type: string): void;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const at = activityPath(stage, index);
  const view = types.find((type) => type.type === activity.type);
  const title = `Stage ${stage + 1}, activity ${index + 1}`;
  const inputs = activity.input && !earlier.includes(activity.input) ? [...earlier, activity.input] : earlier;
  return (
    <fieldset className="activity" data-field={at}>
      <legend>{title}</legend>
      <div className="row-buttons">
        <button type="button" className="button small" aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          ↑
        </button>
        <button type="button" className="button small" aria-label={`Move ${title} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          ↓
        </button>
        <button type="button" className="button small danger" aria-label={`Remove ${title}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      <FieldErrors messages={errors[at]} />
      <div className="form-grid three">
        <Field label="Type" name={`${at}.type`} error={errors[`${at}.type`]} hint={view?.description}>
          {(control) => (
            <select {...control} value={activity.type} onChange={(event) => onType(event.target.value)}>
              {!view && <option value={activity.type}>{activity.type || "Choose…"}</option>}
              {types.map((type) => (
                <option key={type.type} value={type.type}>
                  {type.type}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Input"
          name={`${at}.input`}
          error={errors[`${at}.input`]}
          hint={view?.input_required ? "Required by this type: the rows it works on." : "Optional: given to a query as $input."}
        >
          {(control) => (
            <select {...control} value={activity.input} onChange={(event) => onChange({ input: event.target.value })}>
              <option value="">{stage === 0 ? "(none: first stage)" : "(none)"}</option>
              {inputs.map((output) => (
                <option key={output} value={output}>
                  {output}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Output name" name={`${at}.output`} error={errors[`${at}.output`]} hint="lower_snake_case, unique in the workflow.">
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={activity.output}
              onChange={(event) => onChange({ output: event.target.value, autoOutput: false })}
            />
          )}
        </Field>
      </div>
      <div className="activity-parameters" data-field={`${at}.parameters`}>
        <FieldErrors messages={errors[`${at}.parameters`]} />
        <ConfigForm
          fields={view?.config_fields ?? []}
          draft={activity.parameters}
          onChange={(parameters) => onChange({ parameters })}
          prefix={`${at}.parameters`}
          errors={errors}
        />
      </div>
    </fieldset>
  );
}
