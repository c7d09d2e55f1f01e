// /scheduled-queries/:scheduledQueryId/edit: a scheduled query (the deprecated one-query form of
// a workflow) in its own, simpler editor over /api/v1/scheduled-queries: name, Cypher, its
// parameters, the trigger (with the deprecated frequency), enabled, and the actions run on its
// rows, each with its config as its activity type's form. Saved with PUT and the base version.
import { useId, useMemo, useState } from "react";
import { useLocation, useParams } from "wouter";
import { api, get } from "../../api";
import { CheckboxField, Field, FieldErrors, TextField } from "../../components/Fields";
import { PageHeader } from "../../components/Page";
import { ErrorState, Loading } from "../../components/States";
import { useResource } from "../../hooks";
import { FormAlerts } from "../../kit/FormAlerts";
import { noErrors, type FormErrors } from "../../kit/form-errors";
import type { ActivityTypeList, ActivityTypeView, ScheduledQueryDefinition, ScheduledQueryItem } from "../../types";
import { ConfigForm, type ConfigDraft, fromConfigDraft, fromParamRows, ParamRows, rowKey, toConfigDraft, toParamRows, type ParamRow } from "./ConfigForm";
import { placedErrors } from "./form-errors";
import { ACTIVITY_TYPES, scheduledQueryPath, WORKFLOWS, workflowPath } from "./paths";
import { fromTriggerDraft, toTriggerDraft, TriggerFields, triggerKeys, type TriggerDraft } from "./TriggerFields";

export default function ScheduledQueryEditPage() {
  const { scheduledQueryId } = useParams<{ scheduledQueryId: string }>();
  const query = useResource<ScheduledQueryItem>(scheduledQueryPath(scheduledQueryId));
  const types = useResource<ActivityTypeList>(ACTIVITY_TYPES);
  const name = query.data?.name ?? scheduledQueryId;
  const failed = query.error ?? types.error;
  return (
    <>
      <PageHeader
        title={`Edit ${name}`}
        crumbs={[
          { label: "Workflows", href: WORKFLOWS },
          { label: name, href: workflowPath(scheduledQueryId) },
        ]}
      >
        <p className="lede">
          A scheduled query runs one Cypher query, then each of its actions on the rows. Scheduled queries are deprecated: prefer a workflow.
        </p>
      </PageHeader>
      {failed ? (
        <ErrorState
          error={failed}
          onRetry={() => {
            void query.reload();
            void types.reload();
          }}
        />
      ) : !query.data || !types.data ? (
        <Loading label="Loading the editor…" />
      ) : (
        <ScheduledQueryEditor key={query.data.current_version} query={query.data} activityTypes={types.data.activity_types} />
      )}
    </>
  );
}

interface ActionDraft {
  key: number;
  type: string;
  config: ConfigDraft;
}

function ScheduledQueryEditor({ query, activityTypes }: { query: ScheduledQueryItem; activityTypes: ActivityTypeView[] }) {
  const [, navigate] = useLocation();
  // The query is the scheduled query's own; its actions are the other types.
  const actionTypes = useMemo(() => activityTypes.filter((type) => type.type !== "query"), [activityTypes]);
  const fieldsOf = (type: string) => actionTypes.find((view) => view.type === type)?.config_fields ?? [];
  const toActions = (item: ScheduledQueryItem): ActionDraft[] =>
    item.actions.map((action) => ({ key: rowKey(), type: action.action_type, config: toConfigDraft(fieldsOf(action.action_type), action.action_config) }));

  const [name, setName] = useState(query.name);
  const [cypher, setCypher] = useState(query.cypher);
  const [params, setParams] = useState<ParamRow[]>(() => toParamRows(query.params));
  const [enabled, setEnabled] = useState(query.enabled);
  const [trigger, setTrigger] = useState<TriggerDraft>(() => toTriggerDraft(query));
  const [actions, setActions] = useState<ActionDraft[]>(() => toActions(query));
  const [comment, setComment] = useState("");
  const [baseVersion, setBaseVersion] = useState(query.current_version);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const actionsHeading = useId();

  const shown = new Set(["name", "cypher", "params", "enabled", "actions", "comment", ...triggerKeys(trigger, true)]);
  for (const index of params.keys()) for (const field of ["", ".name", ".value"]) shown.add(`params.${index}${field}`);
  actions.forEach((action, index) => {
    for (const field of ["", ".action_type", ".action_config"]) shown.add(`actions.${index}${field}`);
    for (const field of fieldsOf(action.type)) shown.add(`actions.${index}.action_config.${field.name}`);
  });

  const save = async () => {
    setBusy(true);
    setErrors(noErrors);
    setNotice(null);
    const body: ScheduledQueryDefinition = {
      name,
      cypher,
      params: fromParamRows(params),
      ...fromTriggerDraft(trigger),
      enabled,
      actions: actions.map((action) => ({ action_type: action.type, action_config: fromConfigDraft(fieldsOf(action.type), action.config) })),
      base_version: baseVersion,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    };
    try {
      await api<ScheduledQueryItem>("PUT", scheduledQueryPath(query.scheduled_query_id), body);
      navigate(workflowPath(query.scheduled_query_id));
    } catch (error) {
      setErrors(placedErrors(error, shown, "edit"));
      setBusy(false);
    }
  };

  const reload = async () => {
    try {
      const latest = await get<ScheduledQueryItem>(scheduledQueryPath(query.scheduled_query_id));
      setName(latest.name);
      setCypher(latest.cypher);
      setParams(toParamRows(latest.params));
      setEnabled(latest.enabled);
      setTrigger(toTriggerDraft(latest));
      setActions(toActions(latest));
      setBaseVersion(latest.current_version);
      setErrors(noErrors);
      setNotice(`Loaded the latest version (${latest.current_version}). Make your change again and save.`);
    } catch (error) {
      setErrors(placedErrors(error, new Set(), "edit"));
    }
  };

  const fields = errors.fields;
  return (
    <form
      className="form workflow-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormAlerts noun="scheduled query" errors={errors} notice={notice} onReload={() => void reload()} />
      <TextField label="Name" name="name" value={name} onChange={setName} required error={fields.name} />
      <Field label="Cypher" name="cypher" error={fields.cypher} hint="A read-only query; its rows go to each action.">
        {(control) => (
          <textarea {...control} className="code-input" rows={6} spellCheck={false} value={cypher} onChange={(event) => setCypher(event.target.value)} />
        )}
      </Field>
      <ParamRows label="Parameters" rows={params} onChange={setParams} path="params" error={fields.params} errors={fields} />
      <CheckboxField
        label="Enabled"
        name="enabled"
        checked={enabled}
        onChange={setEnabled}
        hint="A disabled scheduled query does not run on its trigger; Run now still runs it."
      />
      <TriggerFields draft={trigger} onChange={setTrigger} errors={fields} withFrequency />
      <section className="stages" aria-labelledby={actionsHeading} data-field="actions">
        <h2 id={actionsHeading} className="section-title">
          Actions
        </h2>
        <FieldErrors messages={fields.actions} />
        {actions.map((action, index) => {
          const at = `actions.${index}`;
          const view = actionTypes.find((type) => type.type === action.type);
          return (
            <fieldset key={action.key} className="activity" data-field={at}>
              <legend>Action {index + 1}</legend>
              <div className="row-buttons">
                <button
                  type="button"
                  className="button small danger"
                  aria-label={`Remove action ${index + 1}`}
                  onClick={() => setActions(actions.filter((other) => other.key !== action.key))}
                >
                  Remove
                </button>
              </div>
              <FieldErrors messages={[...(fields[at] ?? []), ...(fields[`${at}.action_config`] ?? [])]} />
              <Field label="Action type" name={`${at}.action_type`} error={fields[`${at}.action_type`]} hint={view?.description}>
                {(control) => (
                  <select
                    {...control}
                    value={action.type}
                    onChange={(event) =>
                      setActions(
                        actions.map((other) =>
                          other.key === action.key ? { ...other, type: event.target.value, config: toConfigDraft(fieldsOf(event.target.value)) } : other,
                        ),
                      )
                    }
                  >
                    {!view && <option value={action.type}>{action.type}</option>}
                    {actionTypes.map((type) => (
                      <option key={type.type} value={type.type}>
                        {type.type}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <ConfigForm
                fields={view?.config_fields ?? []}
                draft={action.config}
                onChange={(config) => setActions(actions.map((other) => (other.key === action.key ? { ...other, config } : other)))}
                prefix={`${at}.action_config`}
                errors={fields}
              />
            </fieldset>
          );
        })}
        <button
          type="button"
          className="button"
          onClick={() => {
            const type = actionTypes[0]?.type ?? "log";
            setActions([...actions, { key: rowKey(), type, config: toConfigDraft(fieldsOf(type)) }]);
          }}
        >
          + Add action
        </button>
      </section>
      <TextField
        label="Comment (optional)"
        name="comment"
        value={comment}
        onChange={setComment}
        error={fields.comment}
        hint="Why you made this change; shown in the version history."
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => navigate(workflowPath(query.scheduled_query_id))}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Saving…" : "Save changes"}
        </button>
      </div>
    </form>
  );
}
