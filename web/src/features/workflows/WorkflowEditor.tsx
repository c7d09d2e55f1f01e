// Creating or changing a workflow: name, enabled, its trigger, its stages of activities
// (StagesField), the workflows it starts when it succeeds, and a comment. Saved with POST, or PUT
// of the whole definition naming the version it was based on (a concurrent save is a conflict to
// reload, not lost); the server's issues sit at their fields. The kit's form state and shell
// (saving-form.ts, FormShell) do the saving, as for every versioned resource.
import { useState } from "react";
import { useLocation } from "wouter";
import { client } from "../../api";
import { CheckboxField, FieldErrors, TextField } from "../../components/Fields";
import { useEdited } from "../../hooks";
import { FormShell } from "../../kit/FormShell";
import { useSavingForm } from "../../kit/saving-form";
import type { ActivityTypeView, WorkflowDefinition, WorkflowItem } from "../../types";
import { placedErrors } from "./form-errors";
import { WORKFLOWS, workflowPath } from "./paths";
import { configFieldsOf } from "./ConfigForm";
import { fromStageDrafts, StagesField, stageKeys, toStageDrafts } from "./StagesField";
import { fromTriggerDraft, toTriggerDraft, TriggerFields, triggerKeys, type TriggerDraft } from "./TriggerFields";
import { TriggerWorkflowsField } from "./TriggerWorkflowsField";

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
  const fieldsOf = configFieldsOf(activityTypes);
  const [name, setName] = useState(workflow?.name ?? "");
  const [enabled, setEnabled] = useState(workflow?.enabled ?? true);
  const [trigger, setTrigger] = useState<TriggerDraft>(() => toTriggerDraft(workflow ?? { schedule: null, watch_scans: [] }));
  const [stages, setStages] = useState(() => toStageDrafts(workflow, fieldsOf));
  const [triggers, setTriggers] = useState<string[]>(workflow?.trigger_workflows ?? []);
  const edited = useEdited({ name, enabled, trigger, stages, triggers });

  /** Every path an issue can be shown at, for the draft as it is now. */
  const shown = new Set(["name", "enabled", "trigger_workflows", "comment", ...triggerKeys(trigger, false), ...stageKeys(stages, fieldsOf)]);
  const form = useSavingForm<WorkflowItem, WorkflowDefinition>({
    noun: "workflow",
    version: workflow?.current_version,
    send: (body, base, comment) => {
      const withComment = { ...body, ...(comment ? { comment } : {}) };
      return workflow
        ? client.call("workflows_update", { params: { workflow_id: workflow.workflow_id }, body: { ...withComment, base_version: base } })
        : client.call("workflows_create", { body: withComment });
    },
    latest: () => client.call("workflows_get", { params: { workflow_id: workflow!.workflow_id } }),
    versionOf: (latest) => latest.current_version,
    errorsOf: (error, mode, fields) => placedErrors(error, fields ? shown : new Set(), mode),
    onSaved: (saved) => navigate(workflowPath(saved.workflow_id)),
  });
  const fields = form.errors.fields;

  const load = (latest: WorkflowItem) => {
    setName(latest.name);
    setEnabled(latest.enabled);
    setTrigger(toTriggerDraft(latest));
    setStages(toStageDrafts(latest, fieldsOf));
    setTriggers(latest.trigger_workflows);
  };
  const definition = (): WorkflowDefinition => ({
    name,
    enabled,
    schedule: fromTriggerDraft(trigger).schedule,
    watch_scans: fromTriggerDraft(trigger).watch_scans,
    stages: fromStageDrafts(stages, fieldsOf),
    trigger_workflows: triggers,
  });

  return (
    <FormShell
      form={form}
      className="form workflow-editor"
      commentOnCreate
      edited={edited}
      onSubmit={() => void form.save(definition())}
      onCancel={() => navigate(workflow ? workflowPath(workflow.workflow_id) : WORKFLOWS)}
      onReload={() => void form.reload(load)}
    >
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
      <StagesField rows={stages} onChange={setStages} activityTypes={activityTypes} errors={fields} />
      <TriggerWorkflowsField
        workflowId={workflow?.workflow_id}
        workflows={workflows}
        triggers={triggers}
        onChange={setTriggers}
        errors={fields.trigger_workflows}
      />
    </FormShell>
  );
}
