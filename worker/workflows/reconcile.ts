// The scheduler: each cron tick (and each run request, at once) finds what is due in D1 and
// claims it with a compare-and-set before starting its Cloudflare Workflows instance, so two
// overlapping ticks never start one run twice. What is due, per workflow:
// 1. a manual request newer than the last claim, even while disabled;
// 2. otherwise, while enabled: a schedule occurrence (schedule.ts), or a watched scan, that is a
//    SyncMetadata node matching the patterns whose lastupdated is newer than the last claim.
// A run whose instance could not be created stays queued; later ticks create it again (the
// same id, so at most once) after a grace period.
import type { Neo4jClient } from "../neo4j/client";
import type { Db } from "../store/db";
import type { Head } from "../store/versioned-store";
import { type RunParams, runIds, startInstance } from "./engine";
import { type AnyBody, definitionStores, type WorkflowKind } from "./kinds";
import { dueOccurrence } from "./schedule";
import type { RunTrigger, WatchScan } from "./schemas";
import { type StateRow, WorkflowRunStore } from "./store";

export interface ReconcileDeps {
  db: Db;
  engine: Workflow<RunParams>;
  /** Read only when some enabled workflow watches scans. */
  neo4j: () => Neo4jClient;
}

interface Scan {
  grouptype: string;
  syncedtype: string;
  groupid: string;
  /** lastupdated as an instant. */
  at: Date;
}

interface Due {
  trigger: RunTrigger;
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
  const watching = candidates.some(({ head }) => head.body.enabled && head.body.watch_scans.length > 0);
  const scans = watching ? await latestScans(deps.neo4j()) : [];
  const started: string[] = [];
  for (const candidate of candidates) {
    const { head, kind } = candidate;
    const state = states.get(head.id);
    const due = dueRun(candidate, state, scans, now);
    if (!due) continue;
    const claimed = await runs.claim(
      { workflowId: head.id, previous: state?.last_scheduled_at ?? null, next: due.next, createdAt: head.createdAt },
      { runId: due.runId, workflowId: head.id, version: head.version, trigger: due.trigger, scheduledFor: due.scheduledFor, lineage: [head.id] },
      now.toISOString(),
    );
    if (!claimed) continue;
    await start(deps, runs, { run_id: due.runId, workflow_id: head.id, kind, version: head.version, trigger: due.trigger, lineage: [head.id] });
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

function dueRun({ head }: Candidate, state: StateRow | undefined, scans: Scan[], now: Date): Due | null {
  const last = state?.last_scheduled_at ?? null;
  const requested = state?.run_requested_at ?? null;
  if (requested && (!last || requested > last)) {
    return { trigger: "manual", next: now.toISOString(), scheduledFor: requested, runId: runIds.manual(head.id, requested) };
  }
  const body = head.body;
  if (!body.enabled) return null;
  if (body.watch_scans.length > 0) {
    const since = new Date(last ?? head.createdAt);
    const newest = newestMatching(scans, body.watch_scans);
    if (!newest || newest <= since) return null;
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

const fullMatch = (pattern: string) => new RegExp(`^(?:${pattern})$`);

function newestMatching(scans: Scan[], watched: WatchScan[]): Date | null {
  const matchers = watched.map((scan) => ({ grouptype: fullMatch(scan.grouptype), syncedtype: fullMatch(scan.syncedtype), groupid: fullMatch(scan.groupid) }));
  let newest: Date | null = null;
  for (const scan of scans) {
    const matches = matchers.some((m) => m.grouptype.test(scan.grouptype) && m.syncedtype.test(scan.syncedtype) && m.groupid.test(scan.groupid));
    if (matches && (!newest || scan.at > newest)) newest = scan.at;
  }
  return newest;
}

/** Every SyncMetadata node's identity and lastupdated (cartography writes epoch seconds). */
async function latestScans(neo4j: Neo4jClient): Promise<Scan[]> {
  const result = await neo4j.query(
    "MATCH (s:SyncMetadata) WHERE s.lastupdated IS NOT NULL RETURN toString(s.grouptype) AS grouptype, toString(s.syncedtype) AS syncedtype, toString(s.groupid) AS groupid, s.lastupdated AS lastupdated",
    {},
    { accessMode: "READ" },
  );
  return result.rows.flatMap(([grouptype, syncedtype, groupid, lastupdated]) => {
    const seconds = Number(lastupdated);
    if (!Number.isFinite(seconds)) return [];
    return [{ grouptype: String(grouptype ?? ""), syncedtype: String(syncedtype ?? ""), groupid: String(groupid ?? ""), at: new Date(seconds * 1000) }];
  });
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
