// A run's (or an activity's) status as a badge.
import { Badge } from "../../components/States";
import type { WorkflowRun } from "../../types";

const TONES = { queued: "neutral", running: "warn", succeeded: "ok", failed: "danger" } as const;

export function RunStatusBadge({ status }: { status: WorkflowRun["status"] }) {
  return (
    <span data-status={status}>
      <Badge tone={TONES[status]}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>
    </span>
  );
}

export function KindBadge({ kind }: { kind: "workflow" | "scheduled_query" }) {
  return kind === "scheduled_query" ? <Badge tone="builtin">Scheduled query</Badge> : <Badge>Workflow</Badge>;
}
