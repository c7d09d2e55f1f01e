// Workflows under test: definitions made through the REST API, scheduler ticks run as the cron
// trigger runs them, and runs followed through the Workflows engine's introspection.
import { createExecutionContext, createScheduledController, introspectWorkflow, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { neo4jClient } from "../../worker/neo4j/connect";
import { loadConfig } from "../../worker/config";
import { reconcile } from "../../worker/workflows/reconcile";
import { onSchedule } from "../../worker/workflows/scheduled";
import { api } from "./api";

let counter = 0;
export const freshName = (prefix = "Workflow") => `${prefix} ${Date.now()}-${++counter}`;

/** A query stage (the demo graph's first people) then a log stage on its rows. */
export const queryThenLog = (cypher = "UNWIND range(1, 3) AS i RETURN {n: i} AS details") => [
  { activities: [{ type: "query", output: "people", parameters: { cypher } }] },
  { activities: [{ type: "log", input: "people", output: "logged", parameters: { log_attrs: ["n"] } }] },
];

export async function createWorkflow(body: Record<string, unknown> = {}) {
  const response = await api("POST", "/workflows", { name: freshName(), stages: queryThenLog(), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** One cron tick, as the scheduled handler runs it, waiting for what it left in the background. */
export async function tick(at = new Date()) {
  const ctx = createExecutionContext();
  await onSchedule(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The scheduler's pass over one workflow only, so tests do not claim each other's runs. */
export const reconcileOne = (id: string, at = new Date()) =>
  reconcile({ db: env.DB, engine: env.WORKFLOW_RUNS, neo4j: () => neo4jClient(loadConfig(env)) }, at, id);

/**
 * Runs `action`, then waits until `count` Workflows instances it created have completed (the
 * engine's introspection sees every instance created meanwhile, whoever created it).
 */
export async function completing<T>(count: number, action: () => Promise<T>): Promise<T> {
  const introspector = await introspectWorkflow(env.WORKFLOW_RUNS);
  // Failing activities are retried with backoff; the tests need not wait out the delays.
  await introspector.modifyAll(async (m) => m.disableRetryDelays());
  try {
    const result = await action();
    const deadline = Date.now() + 20_000;
    let instances = await introspector.get();
    while (instances.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      instances = await introspector.get();
    }
    expect(instances.length).toBe(count);
    for (const instance of instances) await instance.waitForStatus("complete");
    return result;
  } finally {
    await introspector.dispose();
  }
}

export async function runOf(workflowId: string, runId: string) {
  const { status, body } = await api("GET", `/workflows/${workflowId}/runs/${runId}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Changes a stored workflow behind the API's back (head and every version), as an edit straight to D1 would. */
export async function changeStored(workflowId: string, path: string, value: unknown) {
  const json = JSON.stringify(value);
  await env.DB.batch([
    env.DB.prepare("UPDATE definitions SET body = json_set(body, ?, json(?)) WHERE id = ?").bind(path, json, workflowId),
    env.DB.prepare("UPDATE definition_versions SET body = json_set(body, ?, json(?)) WHERE id = ?").bind(path, json, workflowId),
  ]);
}
