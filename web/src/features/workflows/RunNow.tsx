// Run now: asks for a run of the workflow (or scheduled query) at once, even while it is
// disabled; the next reconcile starts it. A workflow's answer names the run it will be.
import { useState } from "react";
import { Link } from "wouter";
import { api } from "../../api";
import { useAction } from "../../hooks";
import type { Allowed } from "../../kit/rights";
import { useSession } from "../../session";
import type { RunRequested, WorkflowItem } from "../../types";
import { workflowRights } from "../permissions";
import { definitionPath, runPagePath } from "./paths";

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

/**
 * Run now on a page: each item's button, and the notice naming the run last requested;
 * `onRequested` refreshes what shows the new run.
 */
export function useRunNow(onRequested: () => void) {
  const allowed = workflowRights(useSession()).run;
  const [requested, setRequested] = useState<Requested | null>(null);
  return {
    requested,
    notice: <RequestedNotice requested={requested} />,
    button: (item: Requested["item"]) => (
      <RunNowButton
        item={item}
        allowed={allowed}
        onRequested={(answer) => {
          setRequested(answer);
          onRequested();
        }}
      />
    ),
  };
}

function RequestedNotice({ requested }: { requested: Requested | null }) {
  if (!requested) return null;
  return (
    <p className="notice ok" role="status">
      Run requested for {requested.item.name}
      {requested.runId ? (
        <>
          : run{" "}
          <Link href={runPagePath(requested.item.workflow_id, requested.runId)}>
            <code data-testid="requested-run-id">{requested.runId}</code>
          </Link>
          .
        </>
      ) : (
        "."
      )}{" "}
      It starts within a minute.
    </p>
  );
}
