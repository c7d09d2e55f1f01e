// Workflows and scheduled queries, as upstream Seizu has them, on the versioned-resource kit:
// two kinds of versioned definition (every save a version with a comment) that share one id
// space, one run state and one run history. The workflows API sees both (a scheduled query as
// its projected stages, read-only there); the scheduled-queries API sees only its own kind.
// Rules, checked before anything is written:
// - every activity's parameters are valid for its type, and every Cypher is read-only;
// - trigger targets that do not exist, or name the workflow itself, are dropped (upstream);
// - a run request only stamps run_requested_at; the scheduler claims it (reconcile.ts), here
//   at once in the background and otherwise on the next cron tick. It works while disabled.
import type { z } from "zod";
import type { AuditPrincipal } from "../audit/event";
import type { Config } from "../config";
import { ConflictError, type FieldIssue, NotFoundError, ValidationError } from "../errors/domain";
import { issuesOf } from "../input";
import { VersionedResource } from "../kit/versioned-resource";
import type { Db } from "../store/db";
import { DefinitionReads } from "../store/definition-reads";
import { planEntry, writeImport } from "../kit/import-writes";
import type { Head, VersionedStore } from "../store/versioned-store";
import type { CypherCheckDeps } from "../queries/run";
import { activityIssues } from "./activities/registry";
import { type RunParams, runIds, terminateInstance } from "./engine";
import { type AnyBody, type Bodies, SCHEDULED_QUERY, stagesOf, triggersOf, WORKFLOW, type WorkflowKind } from "./kinds";
import { legacyIssue } from "./projection";
import { nextDue } from "./schedule";
import {
  type ScheduledQueryBody,
  type ScheduledQueryInput,
  type ScheduledQueryItem,
  scheduledQueryBody,
  type WorkflowBody,
  type WorkflowInput,
  type WorkflowItem,
  type WorkflowRun,
  workflowBody,
} from "./schemas";
import { type StateRow, WorkflowRunStore } from "./store";

export interface WorkflowDeps {
  db: Db;
  caller: string;
  /** The caller as the audit log names them: a manual run they request runs (and is recorded) on their behalf. */
  requester: AuditPrincipal;
  cypher: CypherCheckDeps;
  config: Config;
  /** Claims a requested run now rather than on the next cron tick (in the background). */
  claimSoon?: (workflowId: string) => void;
}

type AnyHead = { kind: WorkflowKind; head: Head<AnyBody> };

const missing = (noun: string, id: string) => new NotFoundError(`${noun} ${id} does not exist`);

/** The fields every view shares: audit and run state, with the next due time computed. */
function stateFields(
  head: Head<unknown>,
  trigger: { schedule: WorkflowBody["schedule"]; frequency?: number | null; enabled: boolean; watching: boolean },
  state: StateRow | undefined,
  now: Date,
) {
  const lastScheduledAt = state?.last_scheduled_at ?? null;
  const due =
    trigger.enabled && !trigger.watching
      ? nextDue(trigger, { lastScheduledAt: lastScheduledAt ? new Date(lastScheduledAt) : null, createdAt: new Date(head.createdAt) }, now)
      : null;
  return {
    current_version: head.version,
    created_at: head.createdAt,
    created_by: head.createdBy,
    updated_at: head.updatedAt,
    updated_by: head.updatedBy,
    last_run_status: state?.last_run_status ?? null,
    last_run_at: state?.last_run_at ?? null,
    last_errors: JSON.parse(state?.last_errors ?? "[]") as string[],
    last_scheduled_at: lastScheduledAt,
    run_requested_at: state?.run_requested_at ?? null,
    next_due_at: due?.toISOString() ?? null,
  };
}

export function workflowItem({ kind, head }: AnyHead, state: StateRow | undefined, now = new Date()): WorkflowItem {
  const body = head.body;
  const frequency = "frequency" in body ? body.frequency : null;
  return {
    workflow_id: head.id,
    kind,
    name: body.name,
    schedule: body.schedule,
    watch_scans: body.watch_scans,
    enabled: body.enabled,
    stages: stagesOf(kind, body),
    trigger_workflows: triggersOf(kind, body),
    ...stateFields(head, { schedule: body.schedule, frequency, enabled: body.enabled, watching: body.watch_scans.length > 0 }, state, now),
  };
}

export function scheduledQueryItem(head: Head<ScheduledQueryBody>, state: StateRow | undefined, now = new Date()): ScheduledQueryItem {
  const body = head.body;
  return {
    scheduled_query_id: head.id,
    ...body,
    ...stateFields(head, { schedule: body.schedule, frequency: body.frequency, enabled: body.enabled, watching: body.watch_scans.length > 0 }, state, now),
  };
}

export class WorkflowService {
  readonly runs: WorkflowRunStore;
  private readonly resources: {
    workflow: VersionedResource<typeof workflowBody, Head<WorkflowBody>>;
    scheduled_query: VersionedResource<typeof scheduledQueryBody, Head<ScheduledQueryBody>>;
  };

  constructor(private readonly deps: WorkflowDeps) {
    this.runs = new WorkflowRunStore(deps.db);
    this.resources = {
      workflow: new VersionedResource(deps.db, { kind: WORKFLOW, body: workflowBody }, { view: (head) => head }),
      scheduled_query: new VersionedResource(deps.db, { kind: SCHEDULED_QUERY, body: scheduledQueryBody }, { view: (head) => head }),
    };
  }

  // --- Reading --------------------------------------------------------------------------

  /** Every workflow and scheduled query, by name. */
  async list(): Promise<WorkflowItem[]> {
    const [workflows, queries, states] = await Promise.all([
      this.resources.workflow.store.list(),
      this.resources.scheduled_query.store.list(),
      this.runs.states(),
    ]);
    const heads: AnyHead[] = [
      ...workflows.map((head) => ({ kind: "workflow" as const, head })),
      ...queries.map((head) => ({ kind: "scheduled_query" as const, head })),
    ];
    return heads.map((entry) => workflowItem(entry, states.get(entry.head.id))).sort(byName);
  }

  async listQueries(): Promise<ScheduledQueryItem[]> {
    const [queries, states] = await Promise.all([this.resources.scheduled_query.store.list(), this.runs.states()]);
    return queries.map((head) => scheduledQueryItem(head, states.get(head.id))).sort(byName);
  }

  /** A workflow or scheduled query by id, or undefined. */
  async find(id: string): Promise<AnyHead | undefined> {
    const [workflow, query] = await Promise.all([this.resources.workflow.store.get("", id), this.resources.scheduled_query.store.get("", id)]);
    if (workflow) return { kind: WORKFLOW, head: workflow };
    if (query) return { kind: SCHEDULED_QUERY, head: query };
    return undefined;
  }

  private async require(id: string): Promise<AnyHead> {
    const found = await this.find(id);
    if (!found) throw missing("workflow", id);
    return found;
  }

  private async requireQuery(id: string): Promise<Head<ScheduledQueryBody>> {
    const head = await this.resources.scheduled_query.store.get("", id);
    if (!head) throw missing("scheduled query", id);
    return head;
  }

  /** A scheduled query when the caller asks for that kind, else a workflow of any kind. */
  private async requireKind(id: string, kind?: WorkflowKind): Promise<AnyHead> {
    return kind === SCHEDULED_QUERY ? { kind, head: await this.requireQuery(id) } : this.require(id);
  }

  async get(id: string): Promise<WorkflowItem> {
    const found = await this.require(id);
    return workflowItem(found, await this.runs.state(id));
  }

  async getQuery(id: string): Promise<ScheduledQueryItem> {
    const head = await this.requireQuery(id);
    return scheduledQueryItem(head, await this.runs.state(id));
  }

  async versions(id: string) {
    const { kind } = await this.require(id);
    const entries = await this.resources[kind].store.versions("", id);
    return entries.map((entry) => workflowVersion(id, kind, entry));
  }

  async version(id: string, version: number) {
    const { kind } = await this.require(id);
    return workflowVersion(id, kind, await this.resources[kind].store.version("", id, version));
  }

  async queryVersions(id: string) {
    await this.requireQuery(id);
    return (await this.resources.scheduled_query.store.versions("", id)).map((entry) => queryVersion(id, entry));
  }

  async queryVersion(id: string, version: number) {
    await this.requireQuery(id);
    return queryVersion(id, await this.resources.scheduled_query.store.version("", id, version));
  }

  /** A workflow's runs (any kind, as the workflows routes see them), or a scheduled query's alone. */
  async listRuns(id: string, kind?: WorkflowKind): Promise<WorkflowRun[]> {
    await this.requireKind(id, kind);
    return this.runs.runs(id);
  }

  async getRun(id: string, runId: string, kind?: WorkflowKind): Promise<WorkflowRun> {
    await this.requireKind(id, kind);
    const run = await this.runs.run(id, runId);
    if (!run) throw new NotFoundError(`${kind === SCHEDULED_QUERY ? "scheduled query" : "workflow"} ${id} has no run ${runId}`);
    return run;
  }

  /**
   * Stops a queued or running run (upstream Seizu cancels a waiting one): its instance is
   * terminated and the run recorded as failed, naming who cancelled it. A finished run is a conflict.
   */
  async cancelRun(id: string, runId: string, engine: Workflow<RunParams>): Promise<void> {
    const run = await this.getRun(id, runId);
    if (run.status !== "queued" && run.status !== "running")
      throw new ConflictError(`run ${runId} of workflow ${id} has ${run.status}; only a queued or running run can be cancelled`);
    await terminateInstance(engine, runId);
    await this.runs.finish({ runId, workflowId: id }, "failed", `Cancelled by ${this.deps.caller}`, new Date().toISOString());
  }

  // --- Changing -------------------------------------------------------------------------

  async create({ comment, base_version: _ignored, ...body }: WorkflowInput): Promise<WorkflowItem> {
    const id = crypto.randomUUID();
    const definition = await this.checked(WORKFLOW, { ...body, trigger_workflows: await this.existingTargets(body.trigger_workflows, id) });
    const head = await this.resources.workflow.create({ id, comment, ...definition }, this.deps.caller);
    return workflowItem({ kind: WORKFLOW, head }, undefined);
  }

  async replace(id: string, { comment, base_version, ...body }: WorkflowInput): Promise<WorkflowItem> {
    const found = await this.require(id);
    if (found.kind === SCHEDULED_QUERY) throw new ConflictError(`workflow ${id} is a scheduled query; change it through /api/v1/scheduled-queries/${id}`);
    const definition = await this.checked(WORKFLOW, { ...body, trigger_workflows: await this.existingTargets(body.trigger_workflows, id) });
    const head = await this.resources.workflow.store.update("", id, definition, base_version ?? found.head.version, { author: this.deps.caller, comment });
    return workflowItem({ kind: WORKFLOW, head }, await this.runs.state(id));
  }

  async createQuery({ comment, base_version: _ignored, ...body }: ScheduledQueryInput): Promise<ScheduledQueryItem> {
    const id = crypto.randomUUID();
    const definition = await this.checked(SCHEDULED_QUERY, body);
    const head = await this.resources.scheduled_query.create({ id, comment, ...definition }, this.deps.caller);
    return scheduledQueryItem(head, undefined);
  }

  async replaceQuery(id: string, { comment, base_version, ...body }: ScheduledQueryInput): Promise<ScheduledQueryItem> {
    const current = await this.requireQuery(id);
    const definition = await this.checked(SCHEDULED_QUERY, body);
    const head = await this.resources.scheduled_query.store.update("", id, definition, base_version ?? current.version, { author: this.deps.caller, comment });
    return scheduledQueryItem(head, await this.runs.state(id));
  }

  /** Deletes a workflow (either kind) with its history, run state and runs, in one batch. */
  async delete(id: string, kind?: WorkflowKind): Promise<void> {
    const found = await this.requireKind(id, kind);
    await this.deps.db.batch([...this.resources[found.kind].store.deleteStatements("", id), ...this.runs.deleteStatements(id)]);
  }

  /** Stamps a manual run request; the run it will start is named in the answer. */
  async requestRun(id: string, kind?: WorkflowKind) {
    const found = await this.requireKind(id, kind);
    const at = new Date().toISOString();
    await this.runs.requestRun(id, found.head.createdAt, at, this.deps.requester);
    this.deps.claimSoon?.(id);
    return { workflow_id: id, run_requested_at: at, run_id: runIds.manual(id, at), temporal_workflow_id: id };
  }

  // --- Seed files -----------------------------------------------------------------------

  async export<K extends WorkflowKind>(kind: K): Promise<Bodies[K][]> {
    return (await this.resources[kind].store.list()).map((head) => head.body as Bodies[K]).sort(byName);
  }

  /**
   * A seed file's section, matched by name: every entry is validated (schema, activities,
   * Cypher) before anything is written, then every change is written in one batch; entries
   * equal to what is stored are left alone unless forced. Dry, nothing is written.
   */
  async import(kind: WorkflowKind, entries: unknown[], { dry_run, force }: { dry_run: boolean; force: boolean }) {
    const section = kind === WORKFLOW ? "workflows" : "scheduled_queries";
    const schema = kind === WORKFLOW ? workflowBody : scheduledQueryBody;
    const existing = new Map((await this.resources[kind].store.list()).map((head) => [head.body.name, head]));
    const issues: FieldIssue[] = [];
    const parsed: { name: string; body: AnyBody }[] = [];
    const seen = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      const result = schema.safeParse(entry);
      if (!result.success) {
        issues.push(...issuesOf(result.error, `${section}.${index}`));
        continue;
      }
      const name = result.data.name;
      if (seen.has(name)) issues.push({ field: `${section}.${index}.name`, rule: "duplicate", message: `'${name}' names another entry of the section` });
      seen.add(name);
      const found = await this.definitionIssues(kind, result.data);
      issues.push(...found.map((issue) => ({ ...issue, field: `${section}.${index}.${issue.field}` })));
      parsed.push({ name, body: result.data });
    }
    if (issues.length > 0) throw new ValidationError(issues);

    const now = new Date().toISOString();
    const change = { author: this.deps.caller, comment: "Seeded" };
    const statements: D1PreparedStatement[] = [];
    const outcome = { dry_run, created: [] as string[], updated: [] as string[], unchanged: [] as string[] };
    const store: VersionedStore<z.ZodType<AnyBody>> = this.resources[kind].store;
    for (const { name, body } of parsed) {
      const head = existing.get(name);
      const { action, statements: writes } = planEntry(store, { parentId: "", id: head?.id ?? crypto.randomUUID(), current: head, body }, force, change, now);
      statements.push(...writes);
      outcome[action].push(name);
    }
    await writeImport(
      this.deps.db,
      statements,
      dry_run,
      section,
      `An entry of the ${section} section changed while it was being imported; nothing was written. Run the import again.`,
    );
    return outcome;
  }

  // --- Rules ----------------------------------------------------------------------------

  /** The definition, or a ValidationError naming every activity problem. */
  private async checked<K extends WorkflowKind>(kind: K, body: Bodies[K]): Promise<Bodies[K]> {
    const issues = await this.definitionIssues(kind, body);
    if (issues.length > 0) throw new ValidationError(issues);
    return body;
  }

  private async definitionIssues(kind: WorkflowKind, body: AnyBody): Promise<FieldIssue[]> {
    const stages = stagesOf(kind, body);
    const checks = { ...this.deps.cypher, config: this.deps.config };
    const found = await Promise.all(
      stages.flatMap((stage, s) => stage.activities.map((activity, a) => activityIssues(activity, ["stages", s, "activities", a], checks))),
    );
    const issues = found.flat();
    return kind === WORKFLOW ? issues : issues.map(legacyIssue);
  }

  /** Trigger targets that exist and are not the workflow itself, in order (upstream drops the rest). */
  private async existingTargets(targets: string[], self: string): Promise<string[]> {
    const wanted = targets.filter((target) => target !== self);
    if (wanted.length === 0) return [];
    const found = await new DefinitionReads(this.deps.db).existing(
      [WORKFLOW, SCHEDULED_QUERY],
      wanted.map((id) => ({ parentId: "", id })),
    );
    const present = new Set(found.map((key) => key.id));
    return wanted.filter((target) => present.has(target));
  }
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

function workflowVersion(id: string, kind: WorkflowKind, entry: { version: number; body: AnyBody; author: string; createdAt: string; comment: string }) {
  const body = entry.body;
  return {
    workflow_id: id,
    name: body.name,
    version: entry.version,
    schedule: body.schedule,
    watch_scans: body.watch_scans,
    enabled: body.enabled,
    stages: stagesOf(kind, body),
    trigger_workflows: triggersOf(kind, body),
    created_at: entry.createdAt,
    created_by: entry.author,
    comment: entry.comment,
  };
}

function queryVersion(id: string, entry: { version: number; body: ScheduledQueryBody; author: string; createdAt: string; comment: string }) {
  return { scheduled_query_id: id, ...entry.body, version: entry.version, created_at: entry.createdAt, created_by: entry.author, comment: entry.comment };
}
