// The scheduler: each cron tick (and each run request, at once) finds what is due in D1 and
// claims it with a compare-and-set before starting its Cloudflare Workflows instance, so two
// overlapping ticks never start one run twice. What is due, per workflow:
// 1. a manual request newer than the last claim, even while disabled;
// 2. otherwise, while enabled: a schedule occurrence (schedule.ts), or a watched scan, that is a
//    SyncMetadata node matching the patterns whose lastupdated is newer than the last claim
//    (watch.ts). A workflow whose due run cannot be decided (a stored pattern RE2 refuses, a
//    pattern too costly for the tick) is logged and skipped; the others are still served.
// A run whose instance could not be created stays queued; later ticks create it again (the
// same id, so at most once) after a grace period.
import { type AuditPrincipal, auditPrincipal } from "../audit/event";
import type { Neo4jClient } from "../neo4j/client";
import type { Db } from "../store/db";
import type { Head } from "../store/versioned-store";
import { type RunParams, runIds, startInstance } from "./engine";
import { type AnyBody, definitionStores, type WorkflowKind } from "./kinds";
import { dueOccurrence } from "./schedule";
import type { RunTrigger } from "./schemas";
import { type StateRow, WorkflowRunStore } from "./store";
import { readScans, ScanMatcher } from "./watch";

export interface ReconcileDeps {
  db: Db;
  engine: Workflow<RunParams>;
  /** Read only when some enabled workflow watches scans. */
  neo4j: () => Neo4jClient;
}

interface Due {
  trigger: RunTrigger;
  /** Who asked for a manual run. */
  requestedBy?: AuditPrincipal | null;
  /** The claim's new last_scheduled_at. */
  next: string;
  scheduledFor: string;
  runId: string;
}

/** A queued run older than this whose instance does not run yet is started again. */
const RESTART_AFTER_MS = 2 * 60_000;

type Candidate = { kind: WorkflowKind; head: Head<AnyBody> };

export async function reconcile(deps: ReconcileDeps, now = new Date(), onlyId?: string): Promise<string[]> {
  const runs = new WorkflowRunStore(deps.db);
  const candidates = await loadCandidates(deps.db, onlyId);
  // A pass over one workflow (a run request) reads its own state, not every workflow's.
  const states = onlyId ? await runs.statesOf(onlyId) : await runs.states();
  const scans = new ScanMatcher(await watchedScans(deps, candidates, states));
  const started: string[] = [];
  for (const candidate of candidates) {
    const { head, kind } = candidate;
    const state = states.get(head.id);
    let due: Due | null;
    try {
      due = dueRun(candidate, state, scans, now);
    } catch (error) {
      console.error(JSON.stringify({ message: "workflow skipped by the scheduler", workflow_id: head.id, error: (error as Error).message }));
      continue;
    }
    if (!due) continue;
    const claimed = await runs.claim(
      { workflowId: head.id, previous: state?.last_scheduled_at ?? null, next: due.next, createdAt: head.createdAt },
      { runId: due.runId, workflowId: head.id, version: head.version, trigger: due.trigger, scheduledFor: due.scheduledFor, lineage: [head.id] },
      now.toISOString(),
    );
    if (!claimed) continue;
    await start(deps, runs, {
      run_id: due.runId,
      workflow_id: head.id,
      kind,
      version: head.version,
      trigger: due.trigger,
      lineage: [head.id],
      ...(due.requestedBy ? { requested_by: due.requestedBy } : {}),
    });
    started.push(due.runId);
  }
  if (!onlyId) await restartStale(deps, runs, now);
  return started;
}

/** Starts the instance; a failure to create it fails the run, naming the reason. */
export async function start(deps: Pick<ReconcileDeps, "engine">, runs: WorkflowRunStore, params: RunParams): Promise<void> {
  try {
    await startInstance(deps.engine, params);
  } catch (error) {
    await runs.finish(
      { runId: params.run_id, workflowId: params.workflow_id },
      "failed",
      `could not start: ${(error as Error).message}`,
      new Date().toISOString(),
    );
  }
}

async function loadCandidates(db: Db, onlyId?: string): Promise<Candidate[]> {
  const lists = await Promise.all(
    Object.entries(definitionStores(db)).map(async ([kind, store]) => {
      const heads: Head<AnyBody>[] = onlyId ? [await store.get("", onlyId)].filter((head) => head !== undefined) : await store.list();
      return heads.map((head) => ({ kind: kind as WorkflowKind, head }));
    }),
  );
  return lists.flat();
}

/** The scans newer than the oldest last claim of the workflows watching scans (none when none is). */
async function watchedScans(deps: ReconcileDeps, candidates: Candidate[], states: Map<string, StateRow>) {
  const watching = candidates.filter(({ head }) => head.body.enabled && head.body.watch_scans.length > 0);
  if (watching.length === 0) return [];
  const oldest = Math.min(...watching.map(({ head }) => sinceOf(head, states.get(head.id)).getTime()));
  return readScans(deps.neo4j(), new Date(oldest));
}

const sinceOf = (head: Head<AnyBody>, state: StateRow | undefined) => new Date(state?.last_scheduled_at ?? head.createdAt);

function dueRun({ head }: Candidate, state: StateRow | undefined, scans: ScanMatcher, now: Date): Due | null {
  const last = state?.last_scheduled_at ?? null;
  const requested = state?.run_requested_at ?? null;
  if (requested && (!last || requested > last)) {
    const requestedBy = state?.run_requested_by ? auditPrincipal.parse(JSON.parse(state.run_requested_by)) : null;
    return { trigger: "manual", requestedBy, next: now.toISOString(), scheduledFor: requested, runId: runIds.manual(head.id, requested) };
  }
  const body = head.body;
  if (!body.enabled) return null;
  if (body.watch_scans.length > 0) {
    const newest = scans.newest(body.watch_scans, sinceOf(head, state));
    if (!newest) return null;
    const at = newest.toISOString();
    return { trigger: "watch", next: at, scheduledFor: at, runId: runIds.watch(head.id, at) };
  }
  const frequency = "frequency" in body ? body.frequency : null;
  const occurrence = dueOccurrence(
    { schedule: body.schedule, frequency },
    { lastScheduledAt: last ? new Date(last) : null, createdAt: new Date(head.createdAt) },
    now,
  );
  if (!occurrence) return null;
  const at = occurrence.toISOString();
  return { trigger: "schedule", next: at, scheduledFor: at, runId: runIds.schedule(head.id, at) };
}

async function restartStale(deps: ReconcileDeps, runs: WorkflowRunStore, now: Date): Promise<void> {
  for (const run of await runs.staleQueued(new Date(now.getTime() - RESTART_AFTER_MS).toISOString())) {
    const exists = await deps.engine.get(run.runId).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    await start(deps, runs, {
      run_id: run.runId,
      workflow_id: run.workflowId,
      kind: run.kind,
      version: run.version,
      trigger: run.trigger,
      lineage: run.lineage,
    });
  }
}
