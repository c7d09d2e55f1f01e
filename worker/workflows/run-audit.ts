// A workflow run as the audit log records it: `workflow_run` when it starts (via `cron` when the
// scheduler started it for a schedule, a watch or a run request; via `workflow` when a parent run
// triggered it) and when it ends, and one `workflow_activity` per activity executed, with its
// type, outcome, duration and rows. A manual run acts for whoever requested it, so its events
// name them; other runs act for nobody in particular (principal null). The resource is the
// definition at the run's version.
import { workerTrail } from "../audit/caller";
import type { AuditTrail } from "../audit/trail";
import { loadConfig } from "../config";
import type { Env } from "../env";
import type { RunParams } from "./engine";
import type { ActivityRun } from "./schemas";

export interface RunAudit {
  started(): void;
  activity(entry: ActivityRun): void;
  finished(status: "succeeded" | "failed", error: string | null, startedAt: Date): void;
}

export function runAudit(env: Env, params: RunParams, background: (work: Promise<unknown>) => void): RunAudit {
  const config = loadConfig(env);
  const trail = (via: "cron" | "workflow"): AuditTrail => workerTrail(env, config, via, params.requested_by ?? null, background);
  const resource = { type: params.kind, id: params.workflow_id, version: params.version };
  const run = { run_id: params.run_id, trigger: params.trigger };
  const ran = trail("workflow");
  return {
    started() {
      trail(params.trigger === "chain" ? "workflow" : "cron").record({
        kind: "workflow_run",
        action: "started",
        outcome: "ok",
        target: params.workflow_id,
        resource,
        detail: { ...run, lineage: params.lineage },
      });
    },
    activity(entry) {
      ran.record({
        kind: "workflow_activity",
        action: entry.type,
        outcome: entry.status === "succeeded" ? "ok" : "error",
        target: params.workflow_id,
        resource,
        rows: entry.rows_out,
        duration_ms: Date.parse(entry.finished_at) - Date.parse(entry.started_at),
        detail: {
          ...run,
          stage: entry.stage,
          output: entry.output,
          rows_in: entry.rows_in,
          attempts: entry.attempts,
          ...(entry.error ? { error: entry.error } : {}),
        },
      });
    },
    finished(status, error, startedAt) {
      ran.record({
        kind: "workflow_run",
        action: status,
        outcome: status === "succeeded" ? "ok" : "error",
        target: params.workflow_id,
        resource,
        duration_ms: Date.now() - startedAt.getTime(),
        detail: { ...run, ...(error ? { error } : {}) },
      });
    },
  };
}
