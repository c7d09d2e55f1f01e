// /scheduled-queries/new and /scheduled-queries/:scheduledQueryId/edit: a scheduled query (the
// deprecated one-query form of a workflow) in its own, simpler editor over
// /api/v1/scheduled-queries: name, Cypher, its parameters, the trigger (with the deprecated
// frequency), enabled, and the actions run on its rows, each with its config as its activity
// type's form. Created with POST, changed with PUT and the base version; the server's issues sit
// at their fields.
import { useMemo, useState } from "react";
import { useLocation, useParams } from "wouter";
import { client } from "../../api";
import { CheckboxField, Field, TextField } from "../../components/Fields";
import { PageHeader } from "../../components/Page";
import { failureState, Loading } from "../../components/States";
import { useEdited, useResource } from "../../hooks";
import { FormShell } from "../../kit/FormShell";
import { useSavingForm } from "../../kit/saving-form";
import type { ActivityTypeList, ActivityTypeView, ScheduledQueryDefinition, ScheduledQueryItem } from "../../types";
import { type ActionDraft, ActionsField, actionKeys, fromActionDrafts, toActionDrafts } from "./ActionsField";
import { configFieldsOf, fromParamRows, ParamRows, toParamRows, type ParamRow } from "./ConfigForm";
import { placedErrors } from "./form-errors";
import { ACTIVITY_TYPES, scheduledQueryPath, WORKFLOWS, workflowPath } from "./paths";
import { fromTriggerDraft, toTriggerDraft, TriggerFields, triggerKeys, type TriggerDraft } from "./TriggerFields";

export default function ScheduledQueryEditPage() {
  const { scheduledQueryId } = useParams<{ scheduledQueryId?: string }>();
  const query = useResource<ScheduledQueryItem>(scheduledQueryId ? scheduledQueryPath(scheduledQueryId) : null);
  const types = useResource<ActivityTypeList>(ACTIVITY_TYPES);
  const name = query.data?.name ?? scheduledQueryId ?? "";
  const failure = failureState([query, types]);
  return (
    <>
      <PageHeader
        title={scheduledQueryId ? `Edit ${name}` : "New scheduled query"}
        crumbs={[{ label: "Workflows", href: WORKFLOWS }, ...(scheduledQueryId ? [{ label: name, href: workflowPath(scheduledQueryId) }] : [])]}
      >
        <p className="lede">
          A scheduled query runs one Cypher query, then each of its actions on the rows. Scheduled queries are deprecated: prefer a workflow.
        </p>
      </PageHeader>
      {failure ??
        ((scheduledQueryId && !query.data) || !types.data ? (
          <Loading label="Loading the editor…" />
        ) : (
          <ScheduledQueryEditor key={query.data?.current_version ?? "new"} query={query.data} activityTypes={types.data.activity_types} />
        ))}
    </>
  );
}

/** What a new scheduled query starts from: run on demand only, no parameters nor actions. */
const BLANK = { name: "", cypher: "", params: [], enabled: true, schedule: null, watch_scans: [], frequency: null, actions: [] };

function ScheduledQueryEditor({ query, activityTypes }: { query?: ScheduledQueryItem | undefined; activityTypes: ActivityTypeView[] }) {
  const [, navigate] = useLocation();
  // The query is the scheduled query's own; its actions are the other types.
  const actionTypes = useMemo(() => activityTypes.filter((type) => type.type !== "query"), [activityTypes]);
  const fieldsOf = configFieldsOf(actionTypes);
  const start = query ?? BLANK;
  const [name, setName] = useState(start.name);
  const [cypher, setCypher] = useState(start.cypher);
  const [params, setParams] = useState<ParamRow[]>(() => toParamRows(start.params));
  const [enabled, setEnabled] = useState(start.enabled);
  const [trigger, setTrigger] = useState<TriggerDraft>(() => toTriggerDraft(start));
  const [actions, setActions] = useState<ActionDraft[]>(() => toActionDrafts(start, fieldsOf));
  const edited = useEdited({ name, cypher, params, enabled, trigger, actions });

  const shown = new Set(["name", "cypher", "params", "enabled", "comment", ...triggerKeys(trigger, true), ...actionKeys(actions, fieldsOf)]);
  for (const index of params.keys()) for (const field of ["", ".name", ".value"]) shown.add(`params.${index}${field}`);
  const at = { scheduled_query_id: query?.scheduled_query_id ?? "" };
  const form = useSavingForm<ScheduledQueryItem, ScheduledQueryDefinition>({
    noun: "scheduled query",
    version: query?.current_version,
    send: (body, base, comment) => {
      const withComment = { ...body, ...(comment ? { comment } : {}) };
      return query
        ? client.call("scheduled_queries_update", { params: at, body: { ...withComment, base_version: base } })
        : client.call("scheduled_queries_create", { body: withComment });
    },
    latest: () => client.call("scheduled_queries_get", { params: at }),
    versionOf: (latest) => latest.current_version,
    errorsOf: (error, mode, fields) => placedErrors(error, fields ? shown : new Set(), mode),
    onSaved: (saved) => navigate(workflowPath(saved.scheduled_query_id)),
  });
  const fields = form.errors.fields;

  const load = (latest: ScheduledQueryItem) => {
    setName(latest.name);
    setCypher(latest.cypher);
    setParams(toParamRows(latest.params));
    setEnabled(latest.enabled);
    setTrigger(toTriggerDraft(latest));
    setActions(toActionDrafts(latest, fieldsOf));
  };
  const definition = (): ScheduledQueryDefinition => ({
    name,
    cypher,
    params: fromParamRows(params),
    ...fromTriggerDraft(trigger),
    enabled,
    actions: fromActionDrafts(actions, fieldsOf),
  });

  return (
    <FormShell
      form={form}
      className="form workflow-editor"
      edited={edited}
      onSubmit={() => void form.save(definition())}
      commentOnCreate
      onCancel={() => navigate(query ? workflowPath(query.scheduled_query_id) : WORKFLOWS)}
      onReload={() => void form.reload(load)}
    >
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
      <ActionsField rows={actions} onChange={setActions} actionTypes={actionTypes} errors={fields} />
    </FormShell>
  );
}
