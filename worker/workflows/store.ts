// What changes as workflows run, beside their versioned definitions: each workflow's run state
// (the claim, a pending manual request, the last outcome) and the history of its runs.
//
// A run is claimed and recorded in one D1 batch (a transaction): the state's last_scheduled_at
// moves from the value the scheduler read to the run's occurrence only while no more than one
// run of the workflow is queued or running (upstream's "one running plus one waiting"), and the
// run row is inserted only where that claim holds. The run id is derived from what the run is
// for, so a start that lost the race, or repeats one, writes nothing.
import type { AuditPrincipal } from "../audit/event";
import type { Db } from "../store/db";
import { DefinitionReads } from "../store/definition-reads";
import { SCHEDULED_QUERY, WORKFLOW, type WorkflowKind } from "./kinds";
import type { ActivityRun, RunStatus, RunTrigger, WorkflowRun } from "./schemas";

export interface StateRow {
  workflow_id: string;
  last_scheduled_at: string | null;
  run_requested_at: string | null;
  /** JSON: the requester of the pending manual run (migrations/0008_run_requester.sql). */
  run_requested_by: string | null;
  last_run_status: RunStatus | null;
  last_run_at: string | null;
  last_errors: string;
  created_at: string;
}

interface RunRow {
  run_id: string;
  workflow_id: string;
  workflow_version: number;
  trigger: RunTrigger;
  scheduled_for: string;
  status: RunStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  triggered_by_run_id: string | null;
  lineage: string;
  activities: string;
}

export interface NewRun {
  runId: string;
  workflowId: string;
  version: number;
  trigger: RunTrigger;
  scheduledFor: string;
  triggeredBy?: string;
  lineage: string[];
}

export interface Claim {
  workflowId: string;
  /** last_scheduled_at as the scheduler read it (null when never claimed). */
  previous: string | null;
  /** The occurrence, request or scan time being claimed. */
  next: string;
  /** The definition's creation time, for a state row made by this claim. */
  createdAt: string;
}

/** How many runs are kept per workflow; older ones are removed as new ones are recorded. */
export const RUN_HISTORY_LIMIT = 50;
const MAX_ERRORS = 5;
const ACTIVE = "('queued', 'running')";

const RUN_COLUMNS =
  "run_id, workflow_id, workflow_version, trigger, scheduled_for, status, created_at, started_at, finished_at, error, triggered_by_run_id, lineage, activities";

export function runView(row: RunRow): WorkflowRun {
  const { lineage: _lineage, activities, ...rest } = row;
  // Runs recorded before attempts were counted have none.
  const entries = (JSON.parse(activities) as ActivityRun[]).map((entry) => ({ ...entry, attempts: entry.attempts ?? null }));
  return { ...rest, activities: entries };
}

export class WorkflowRunStore {
  constructor(private readonly db: Db) {}

  async state(workflowId: string): Promise<StateRow | undefined> {
    return (await this.db.prepare("SELECT * FROM workflow_state WHERE workflow_id = ?").bind(workflowId).first<StateRow>()) ?? undefined;
  }

  /** The state of one workflow, in the shape of states(). */
  async statesOf(workflowId: string): Promise<Map<string, StateRow>> {
    const row = await this.state(workflowId);
    return new Map(row ? [[workflowId, row]] : []);
  }

  async states(): Promise<Map<string, StateRow>> {
    const { results } = await this.db.prepare("SELECT * FROM workflow_state").all<StateRow>();
    return new Map(results.map((row) => [row.workflow_id, row]));
  }

  /** The state row of a workflow, created on first need (creation time: the definition's). */
  ensureStateStatement(workflowId: string, createdAt: string): D1PreparedStatement {
    return this.db.prepare("INSERT INTO workflow_state (workflow_id, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(workflowId, createdAt);
  }

  async requestRun(workflowId: string, createdAt: string, at: string, by: AuditPrincipal): Promise<void> {
    await this.db.batch([
      this.ensureStateStatement(workflowId, createdAt),
      this.db.prepare("UPDATE workflow_state SET run_requested_at = ?, run_requested_by = ? WHERE workflow_id = ?").bind(at, JSON.stringify(by), workflowId),
    ]);
  }

  /** Claims a run and records it as queued; false when another claim got there first. */
  async claim(claim: Claim, run: NewRun, now: string): Promise<boolean> {
    const [, moved] = await this.db.batch([
      this.ensureStateStatement(claim.workflowId, claim.createdAt),
      this.db
        .prepare(
          `UPDATE workflow_state SET last_scheduled_at = ?
           WHERE workflow_id = ? AND last_scheduled_at IS ?
             AND (SELECT count(*) FROM workflow_runs WHERE workflow_id = ? AND status IN ${ACTIVE}) < 2`,
        )
        .bind(claim.next, claim.workflowId, claim.previous, claim.workflowId),
      this.insertRun(run, now, "WHERE EXISTS (SELECT 1 FROM workflow_state WHERE workflow_id = ? AND last_scheduled_at = ?)", [claim.workflowId, claim.next]),
    ]);
    return moved?.meta.changes === 1;
  }

  /** Records a run that needs no claim (a chained one); false when it was recorded before. */
  async record(run: NewRun, now: string): Promise<boolean> {
    const [inserted] = await this.db.batch([this.insertRun(run, now, "", [])]);
    return inserted?.meta.changes === 1;
  }

  private insertRun(run: NewRun, now: string, condition: string, conditionArgs: unknown[]): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT INTO workflow_runs (run_id, workflow_id, workflow_version, trigger, scheduled_for, status, created_at, triggered_by_run_id, lineage)
         SELECT ?, ?, ?, ?, ?, 'queued', ?, ?, ? ${condition} ON CONFLICT DO NOTHING`,
      )
      .bind(run.runId, run.workflowId, run.version, run.trigger, run.scheduledFor, now, run.triggeredBy ?? null, JSON.stringify(run.lineage), ...conditionArgs);
  }

  async run(workflowId: string, runId: string): Promise<WorkflowRun | undefined> {
    const row = await this.db.prepare(`SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE workflow_id = ? AND run_id = ?`).bind(workflowId, runId).first<RunRow>();
    return row ? runView(row) : undefined;
  }

  async runs(workflowId: string): Promise<WorkflowRun[]> {
    const { results } = await this.db
      .prepare(`SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE workflow_id = ? ORDER BY created_at DESC, run_id DESC LIMIT ?`)
      .bind(workflowId, RUN_HISTORY_LIMIT)
      .all<RunRow>();
    return results.map(runView);
  }

  /** Runs recorded as queued before `before`, whose instance may never have been created. */
  async staleQueued(before: string): Promise<(NewRun & { kind: WorkflowKind })[]> {
    // Runs whose definition is gone are never restarted.
    const results = await new DefinitionReads(this.db).hooked<
      Pick<RunRow, "run_id" | "workflow_id" | "workflow_version" | "trigger" | "lineage" | "scheduled_for"> & { kind: WorkflowKind }
    >({
      kinds: [WORKFLOW, SCHEDULED_QUERY],
      join: "workflow_runs r ON r.workflow_id = d.id",
      columns: "r.run_id, r.workflow_id, r.workflow_version, r.trigger, r.scheduled_for, r.lineage, d.kind",
      where: "r.status = 'queued' AND r.created_at < ?",
      args: [before],
      limit: 20,
    });
    return results.map((row) => ({
      runId: row.run_id,
      workflowId: row.workflow_id,
      version: row.workflow_version,
      trigger: row.trigger,
      scheduledFor: row.scheduled_for,
      lineage: JSON.parse(row.lineage) as string[],
      kind: row.kind,
    }));
  }

  async markRunning(run: { runId: string; workflowId: string }, now: string): Promise<void> {
    await this.db.batch([
      this.db
        .prepare("UPDATE workflow_runs SET status = 'running', started_at = coalesce(started_at, ?) WHERE run_id = ? AND status IN ('queued', 'running')")
        .bind(now, run.runId),
      this.db.prepare("UPDATE workflow_state SET last_run_status = 'running', last_run_at = ? WHERE workflow_id = ?").bind(now, run.workflowId),
    ]);
  }

  async recordActivity(runId: string, entry: ActivityRun): Promise<void> {
    await this.db
      .prepare("UPDATE workflow_runs SET activities = json_insert(activities, '$[#]', json(?)) WHERE run_id = ?")
      .bind(JSON.stringify(entry), runId)
      .run();
  }

  /** The run's outcome, the workflow's last outcome (errors kept newest first, five at most), and the history trimmed. */
  async finish(run: { runId: string; workflowId: string }, status: "succeeded" | "failed", error: string | null, now: string): Promise<void> {
    const state = await this.state(run.workflowId);
    const errors = status === "succeeded" ? [] : [error ?? "failed", ...(JSON.parse(state?.last_errors ?? "[]") as string[])].slice(0, MAX_ERRORS);
    await this.db.batch([
      this.db.prepare("UPDATE workflow_runs SET status = ?, error = ?, finished_at = ? WHERE run_id = ?").bind(status, error, now, run.runId),
      this.db
        .prepare("UPDATE workflow_state SET last_run_status = ?, last_run_at = ?, last_errors = ? WHERE workflow_id = ?")
        .bind(status, now, JSON.stringify(errors), run.workflowId),
      this.db
        .prepare(
          `DELETE FROM workflow_runs WHERE workflow_id = ? AND status NOT IN ${ACTIVE} AND run_id NOT IN
             (SELECT run_id FROM workflow_runs WHERE workflow_id = ? ORDER BY created_at DESC, run_id DESC LIMIT ?)`,
        )
        .bind(run.workflowId, run.workflowId, RUN_HISTORY_LIMIT),
    ]);
  }

  /** The statements removing a workflow's state and runs, for the batch that deletes it. */
  deleteStatements(workflowId: string): D1PreparedStatement[] {
    return [
      this.db.prepare("DELETE FROM workflow_state WHERE workflow_id = ?").bind(workflowId),
      this.db.prepare("DELETE FROM workflow_runs WHERE workflow_id = ?").bind(workflowId),
    ];
  }
}
