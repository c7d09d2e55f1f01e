// The workflows a workflow starts when every stage of a run succeeded: the other workflows to
// tick (scheduled queries are not started by other workflows), and any it names that are gone.
import { useId } from "react";
import { FieldErrors } from "../../components/Fields";
import type { WorkflowItem } from "../../types";

export function TriggerWorkflowsField({
  workflowId,
  workflows,
  triggers,
  onChange: setTriggers,
  errors,
}: {
  /** The edited workflow, which cannot start itself; none for a new one. */
  workflowId: string | undefined;
  workflows: WorkflowItem[];
  triggers: string[];
  onChange(triggers: string[]): void;
  errors: string[] | undefined;
}) {
  const triggersHeading = useId();
  const others = workflows.filter((other) => other.kind === "workflow" && other.workflow_id !== workflowId);
  const unknownTriggers = triggers.filter((id) => !others.some((other) => other.workflow_id === id));
  return (
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
      <FieldErrors messages={errors} />
    </fieldset>
  );
}
