// Run now: asks for a run of the workflow (or scheduled query) at once, even while it is
// disabled; the next reconcile starts it. A workflow's answer names the run it will be.
import { api } from "../../api";
import { useAction } from "../../hooks";
import type { Allowed } from "../../kit/rights";
import type { RunRequested, WorkflowItem } from "../../types";
import { definitionPath } from "./paths";

export interface Requested {
  item: Pick<WorkflowItem, "workflow_id" | "kind" | "name">;
  runId: string | null;
  requestedAt: string;
}

export function RunNowButton({
  item,
  allowed,
  onRequested,
}: {
  item: Pick<WorkflowItem, "workflow_id" | "kind" | "name">;
  allowed: Allowed;
  onRequested(requested: Requested): void;
}) {
  const action = useAction();
  const run = () =>
    action.run(async () => {
      const answer = await api<Partial<RunRequested> & { run_requested_at: string }>("POST", `${definitionPath(item)}/run`);
      onRequested({ item, runId: answer.run_id ?? null, requestedAt: answer.run_requested_at });
    });
  return (
    <span className="run-now">
      <button
        type="button"
        className="button small"
        aria-label={`Run ${item.name} now`}
        disabled={!allowed.ok || action.busy}
        title={allowed.ok ? undefined : allowed.reason}
        onClick={() => void run()}
      >
        {action.busy ? "Requesting…" : "Run now"}
      </button>
      {action.error && (
        <span className="error-text small" role="alert">
          {action.error}
        </span>
      )}
    </span>
  );
}
