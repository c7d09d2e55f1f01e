// A workflow's stages in its editor: stages run in order, the activities of a stage side by side;
// each activity's type from GET /workflows/activity-types with its parameters as that type's
// form, its input one of the outputs of earlier stages, its output name. The drafts convert to
// and from the definition's `stages`, and name every path an issue can be shown at.
import { Field, FieldErrors, Options, TextField } from "../../components/Fields";
import { ListSection } from "../../kit/ListSection";
import { RowButtons } from "../../kit/RowButtons";
import { editRows, type RowsProps, rowKey } from "../../kit/rows";
import type { ActivityTypeView, WorkflowDefinition, WorkflowItem } from "../../types";
import { ActivityTypeField } from "./ActivityTypeField";
import { ConfigForm, type ConfigDraft, configFieldsOf, type FieldsOf, fromConfigDraft, toConfigDraft } from "./ConfigForm";

interface ActivityDraft {
  key: number;
  type: string;
  input: string;
  output: string;
  /** The output name was made up here, so it follows the type until it is typed. */
  autoOutput: boolean;
  parameters: ConfigDraft;
}
export interface StageDraft {
  key: number;
  activities: ActivityDraft[];
}

const activityPath = (stage: number, activity: number) => `stages.${stage}.activities.${activity}`;

function uniqueOutput(base: string, taken: Set<string>): string {
  const stem = base.replace(/[^a-z0-9_]/g, "_").replace(/^[^a-z]+/, "") || "step";
  if (!taken.has(stem)) return stem;
  let n = 2;
  while (taken.has(`${stem}_${n}`)) n++;
  return `${stem}_${n}`;
}

export const toStageDrafts = (item: WorkflowItem | undefined, fieldsOf: FieldsOf): StageDraft[] =>
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

export const fromStageDrafts = (stages: StageDraft[], fieldsOf: FieldsOf): WorkflowDefinition["stages"] =>
  stages.map((stage) => ({
    activities: stage.activities.map((activity) => ({
      type: activity.type,
      ...(activity.input ? { input: activity.input } : {}),
      output: activity.output.trim(),
      parameters: fromConfigDraft(fieldsOf(activity.type), activity.parameters),
    })),
  }));

/** Every path of the stages an issue can be shown at, for the draft as it is now. */
export function stageKeys(stages: StageDraft[], fieldsOf: FieldsOf): string[] {
  const keys = ["stages"];
  stages.forEach((stage, s) => {
    keys.push(`stages.${s}`, `stages.${s}.activities`);
    stage.activities.forEach((activity, a) => {
      const at = activityPath(s, a);
      for (const field of ["", ".type", ".input", ".output", ".parameters"]) keys.push(`${at}${field}`);
      for (const field of fieldsOf(activity.type)) keys.push(`${at}.parameters.${field.name}`);
    });
  });
  return keys;
}

export function StagesField({ rows: stages, onChange, activityTypes, errors }: RowsProps<StageDraft> & { activityTypes: ActivityTypeView[] }) {
  const fieldsOf = configFieldsOf(activityTypes);
  const taken = () => new Set(stages.flatMap((stage) => stage.activities.map((activity) => activity.output)));
  const newActivity = (type = activityTypes[0]?.type ?? "query"): ActivityDraft => ({
    key: rowKey(),
    type,
    input: "",
    output: uniqueOutput(type, taken()),
    autoOutput: true,
    parameters: toConfigDraft(fieldsOf(type)),
  });
  const stageRows = editRows(stages, onChange);

  return (
    <ListSection
      title="Stages"
      level={2}
      className="stages"
      field="stages"
      hint="Stages run in order; the activities of a stage run side by side. An activity's input is the output of an activity in an earlier stage."
      errors={errors.stages}
      addText="+ Add stage"
      onAdd={() => stageRows.add({ key: rowKey(), activities: [newActivity(stages.length === 0 ? "query" : undefined)] })}
    >
      {stages.map((stage, s) => {
        const earlier = stages.slice(0, s).flatMap((before) => before.activities.map((activity) => activity.output).filter(Boolean));
        const activities = editRows(stage.activities, (changed) => stageRows.change(stage.key, { activities: changed }));
        return (
          <fieldset key={stage.key} className="stage" data-field={`stages.${s}`}>
            <legend>Stage {s + 1}</legend>
            <RowButtons
              name={`stage ${s + 1}`}
              index={s}
              count={stages.length}
              onMove={(to) => stageRows.move(s, to)}
              onRemove={() => stageRows.remove(stage.key)}
              removeText="Remove stage"
            />
            <FieldErrors messages={[...(errors[`stages.${s}`] ?? []), ...(errors[`stages.${s}.activities`] ?? [])]} />
            {stage.activities.map((activity, a) => (
              <ActivityFields
                key={activity.key}
                stage={s}
                index={a}
                count={stage.activities.length}
                activity={activity}
                types={activityTypes}
                earlier={earlier}
                errors={errors}
                onChange={(change) => activities.change(activity.key, change)}
                onType={(type) =>
                  activities.change(activity.key, {
                    type,
                    parameters: toConfigDraft(fieldsOf(type)),
                    ...(activity.autoOutput ? { output: uniqueOutput(type, new Set([...taken()].filter((output) => output !== activity.output))) } : {}),
                  })
                }
                onMove={(to) => activities.move(a, to)}
                onRemove={() => activities.remove(activity.key)}
              />
            ))}
            <button type="button" className="button small" onClick={() => activities.add(newActivity())}>
              + Add activity to stage {s + 1}
            </button>
          </fieldset>
        );
      })}
    </ListSection>
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
      <RowButtons name={title} index={index} count={count} onMove={onMove} onRemove={onRemove} />
      <FieldErrors messages={errors[at]} />
      <div className="form-grid three">
        <ActivityTypeField label="Type" name={`${at}.type`} error={errors[`${at}.type`]} value={activity.type} types={types} onChange={onType} />
        <Field
          label="Input"
          name={`${at}.input`}
          error={errors[`${at}.input`]}
          hint={view?.input_required ? "Required by this type: the rows it works on." : "Optional: given to a query as $input."}
        >
          {(control) => (
            <select {...control} value={activity.input} onChange={(event) => onChange({ input: event.target.value })}>
              <Options none={stage === 0 ? "(none: first stage)" : "(none)"} items={inputs} value={(output) => output} label={(output) => output} />
            </select>
          )}
        </Field>
        <TextField
          label="Output name"
          name={`${at}.output`}
          error={errors[`${at}.output`]}
          hint="lower_snake_case, unique in the workflow."
          value={activity.output}
          onChange={(output) => onChange({ output, autoOutput: false })}
        />
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
