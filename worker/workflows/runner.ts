// One run of a workflow, as a Cloudflare Workflows instance: the definition at the version the
// run was claimed with, its stages in order, the activities of a stage in parallel, each one a
// durable step retried with backoff. A failed activity lets its siblings settle, then fails the
// run; after full success the workflow's trigger targets start, each once per parent run, and a
// target already in the chain (a cycle) is skipped. Every step writes what it did to D1, so the
// run's history shows each activity as it finishes.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { loadConfig } from "../config";
import type { Env } from "../env";
import { neo4jClient } from "../neo4j/connect";
import type { JsonObject } from "../neo4j/json";
import { type ActivityOutcome, runActivity } from "./activities/registry";
import { type RunParams, runIds } from "./engine";
import { definitionStores, SCHEDULED_QUERY, stagesOf, triggersOf, WORKFLOW } from "./kinds";
import { start } from "./reconcile";
import type { ActivityRun, Stage } from "./schemas";
import { WorkflowRunStore } from "./store";

/** Each activity is retried twice, 2 s then 4 s later, and given five minutes per attempt. */
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

    // The step's result is kept as JSON text: activity parameters are free-form JSON, which the
    // step result type (structured-clone values) cannot describe.
    const planText = await step.do("load the definition", BOOKKEEPING_STEP, async () => {
      const entry = await definitionStores(this.env.DB)[params.kind].version("", params.workflow_id, params.version);
      await runs.markRunning(run, new Date().toISOString());
      const plan: Plan = { stages: stagesOf(params.kind, entry.body), triggers: triggersOf(params.kind, entry.body) };
      return JSON.stringify(plan);
    });
    const plan = JSON.parse(planText) as Plan;

    const outputs = new Map<string, JsonObject[]>();
    let error: string | null = null;
    for (const [index, stage] of plan.stages.entries()) {
      error = await this.runStage(index + 1, stage, outputs, params, runs, step);
      if (error) break;
    }

    const status = error ? "failed" : "succeeded";
    await step.do("record the outcome", BOOKKEEPING_STEP, () => runs.finish(run, status, error, new Date().toISOString()));
    if (!error && plan.triggers.length > 0) {
      await step.do("start the triggered workflows", BOOKKEEPING_STEP, () => this.startTriggered(plan.triggers, params, runs));
    }
    return { status, error };
  }

  /** Runs a stage's activities in parallel; the first failure's message once all have settled. */
  private async runStage(stageNumber: number, stage: Stage, outputs: Map<string, JsonObject[]>, params: RunParams, runs: WorkflowRunStore, step: WorkflowStep) {
    const settled = await Promise.allSettled(
      stage.activities.map((activity) => {
        const input = activity.input ? (outputs.get(activity.input) ?? []) : undefined;
        // As JSON text, like the plan: rows are free-form JSON.
        const outcome = step.do(`stage ${stageNumber}: ${activity.output}`, ACTIVITY_STEP, async () => {
          const started = new Date().toISOString();
          const result = await runActivity({ workflowId: params.workflow_id, runId: params.run_id, activity, input }, this.deps());
          await runs.recordActivity(params.run_id, entryOf(stageNumber, activity, started, input, result));
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
      await step.do(`record the failure of ${activity.output}`, BOOKKEEPING_STEP, () =>
        runs.recordActivity(params.run_id, {
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
        }),
      );
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

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

function entryOf(
  stage: number,
  activity: Stage["activities"][number],
  started: string,
  input: JsonObject[] | undefined,
  outcome: ActivityOutcome,
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
  };
}
