// One run of a workflow, as a Cloudflare Workflows instance: the definition at the version the
// run was claimed with, its stages in order, the activities of a stage in parallel, each one a
// durable step retried with backoff. A failed activity lets its siblings settle, then fails the
// run; after full success the workflow's trigger targets start, each once per parent run, and a
// target already in the chain (a cycle) is skipped. Every step writes what it did to D1, so the
// run's history shows each activity as it finishes, with how often it was tried: an activity
// whose error retrying cannot fix (activities/errors.ts) ends at its first attempt, through
// Workflows' NonRetryableError, instead of being repeated against a receiver.
//
// The run records itself in the audit log (run-audit.ts): started, each activity, and how it
// ended. Workflows replays run() from the top after every step, so each event is sent from inside
// the step whose work it reports, after that work's D1 write: a step that completed never runs
// again, so its event is sent once.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import { loadConfig } from "../config";
import type { Env } from "../env";
import { neo4jClient } from "../neo4j/connect";
import type { JsonObject } from "../neo4j/json";
import { isRetryable } from "./activities/errors";
import { type ActivityOutcome, runActivity } from "./activities/registry";
import { type RunParams, runIds } from "./engine";
import { definitionStores, SCHEDULED_QUERY, stagesOf, triggersOf, WORKFLOW } from "./kinds";
import { start } from "./reconcile";
import type { ActivityRun, Stage } from "./schemas";
import { type RunAudit, runAudit } from "./run-audit";
import { WorkflowRunStore } from "./store";

/** An activity that may succeed later is retried twice, 2 s then 4 s later; each attempt has five minutes. */
const ACTIVITY_STEP = { retries: { limit: 2, delay: "2 seconds", backoff: "exponential" }, timeout: "5 minutes" } as const;
/** The steps that only write to D1 retry quickly. */
const BOOKKEEPING_STEP = { retries: { limit: 3, delay: "1 second", backoff: "exponential" } } as const;

interface Plan {
  stages: Stage[];
  triggers: string[];
}

export class WorkflowRun extends WorkflowEntrypoint<Env, RunParams> {
  override async run(event: Readonly<WorkflowEvent<RunParams>>, step: WorkflowStep): Promise<{ status: "succeeded" | "failed"; error: string | null }> {
    const params = event.payload;
    const runs = new WorkflowRunStore(this.env.DB);
    const run = { runId: params.run_id, workflowId: params.workflow_id };
    const audit = runAudit(this.env, params, (work) => this.ctx.waitUntil(work));

    // The step's result is kept as JSON text: activity parameters are free-form JSON, which the
    // step result type (structured-clone values) cannot describe.
    const planText = await step.do("load the definition", BOOKKEEPING_STEP, async () => {
      const entry = await definitionStores(this.env.DB)[params.kind].version("", params.workflow_id, params.version);
      await runs.markRunning(run, new Date().toISOString());
      audit.started();
      const plan: Plan = { stages: stagesOf(params.kind, entry.body), triggers: triggersOf(params.kind, entry.body) };
      return JSON.stringify(plan);
    });
    const plan = JSON.parse(planText) as Plan;

    const outputs = new Map<string, JsonObject[]>();
    let error: string | null = null;
    for (const [index, stage] of plan.stages.entries()) {
      error = await this.runStage(index + 1, stage, outputs, params, runs, step, audit);
      if (error) break;
    }

    const status = error ? "failed" : "succeeded";
    await step.do("record the outcome", BOOKKEEPING_STEP, async () => {
      await runs.finish(run, status, error, new Date().toISOString());
      audit.finished(status, error, event.timestamp);
    });
    if (!error && plan.triggers.length > 0) {
      await step.do("start the triggered workflows", BOOKKEEPING_STEP, () => this.startTriggered(plan.triggers, params, runs));
    }
    return { status, error };
  }

  /** Runs a stage's activities in parallel; the first failure's message once all have settled. */
  private async runStage(
    stageNumber: number,
    stage: Stage,
    outputs: Map<string, JsonObject[]>,
    params: RunParams,
    runs: WorkflowRunStore,
    step: WorkflowStep,
    audit: RunAudit,
  ) {
    // The attempts each activity made in this execution; a run resumed after an activity failed does not know them.
    const attempts = stage.activities.map(() => 0);
    const settled = await Promise.allSettled(
      stage.activities.map((activity, index) => {
        const input = activity.input ? (outputs.get(activity.input) ?? []) : undefined;
        // As JSON text, like the plan: rows are free-form JSON.
        const outcome = step.do(`stage ${stageNumber}: ${activity.output}`, ACTIVITY_STEP, async ({ attempt }) => {
          attempts[index] = attempt;
          const started = new Date().toISOString();
          let result: ActivityOutcome;
          try {
            result = await runActivity({ workflowId: params.workflow_id, runId: params.run_id, activity, input }, this.deps());
          } catch (error) {
            // Plain errors: a step's error reaches the run over RPC, which would put its class name in the message.
            throw isRetryable(error) ? new Error(messageOf(error)) : new NonRetryableError(messageOf(error));
          }
          const entry = entryOf(stageNumber, activity, started, input, result, attempt);
          await runs.recordActivity(params.run_id, entry);
          audit.activity(entry);
          return JSON.stringify(result);
        });
        return outcome.then((text) => JSON.parse(text) as ActivityOutcome);
      }),
    );
    let failure: string | null = null;
    for (const [index, result] of settled.entries()) {
      const activity = stage.activities[index]!;
      if (result.status === "fulfilled") {
        if (result.value.rows) outputs.set(activity.output, result.value.rows);
        continue;
      }
      const message = `stage ${stageNumber} activity ${activity.output} (${activity.type}): ${messageOf(result.reason)}`;
      failure ??= message;
      await step.do(`record the failure of ${activity.output}`, BOOKKEEPING_STEP, async () => {
        const entry: ActivityRun = {
          stage: stageNumber,
          output: activity.output,
          type: activity.type,
          status: "failed",
          started_at: now(),
          finished_at: now(),
          rows_in: activity.input ? (outputs.get(activity.input)?.length ?? 0) : null,
          rows_out: null,
          result: {},
          error: messageOf(result.reason),
          attempts: attempts[index] || null,
        };
        await runs.recordActivity(params.run_id, entry);
        audit.activity(entry);
      });
    }
    return failure;
  }

  private async startTriggered(targets: string[], params: RunParams, runs: WorkflowRunStore): Promise<void> {
    const stores = definitionStores(this.env.DB);
    for (const target of targets) {
      if (params.lineage.includes(target)) continue;
      const workflow = await stores.workflow.get("", target);
      const head = workflow ?? (await stores.scheduled_query.get("", target));
      if (!head) continue;
      const kind = workflow ? WORKFLOW : SCHEDULED_QUERY;
      const runId = await runIds.chain(target, params.run_id);
      const lineage = [...params.lineage, target];
      const at = now();
      const recorded = await runs.record(
        { runId, workflowId: target, version: head.version, trigger: "chain", scheduledFor: at, triggeredBy: params.run_id, lineage },
        at,
      );
      if (recorded)
        await start({ engine: this.env.WORKFLOW_RUNS }, runs, { run_id: runId, workflow_id: target, kind, version: head.version, trigger: "chain", lineage });
    }
  }

  private deps() {
    const config = loadConfig(this.env);
    return { config, env: this.env, neo4j: neo4jClient(config, { background: (work) => this.ctx.waitUntil(work) }) };
  }
}

const now = () => new Date().toISOString();

/** An error's message; Workflows hands a NonRetryableError back with its class name in front. */
function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message.replace(/^NonRetryableError: /, "") : String(reason);
}

function entryOf(
  stage: number,
  activity: Stage["activities"][number],
  started: string,
  input: JsonObject[] | undefined,
  outcome: ActivityOutcome,
  attempts: number,
): ActivityRun {
  return {
    stage,
    output: activity.output,
    type: activity.type,
    status: "succeeded",
    started_at: started,
    finished_at: new Date().toISOString(),
    rows_in: input ? input.length : null,
    rows_out: outcome.rows ? outcome.rows.length : null,
    result: outcome.result,
    error: null,
    attempts,
  };
}
