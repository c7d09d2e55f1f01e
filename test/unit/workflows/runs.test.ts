import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runIds } from "../../../worker/workflows/engine";
import { api } from "../../support/api";
import { newQueue, receiveAll } from "../../support/sqs";
import { completing, createWorkflow, freshName, queryThenLog, reconcileOne, runOf } from "../../support/workflows";

const minute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString();

describe("workflow runs", () => {
  it("runs a scheduled workflow's stages in order and records each activity with its row counts", async () => {
    const workflow = await createWorkflow({ schedule: { type: "interval", interval_minutes: 5 } });
    const now = new Date();
    const started = await completing(1, () => reconcileOne(workflow.workflow_id, now));
    expect(started).toEqual([runIds.schedule(workflow.workflow_id, minute(now.toISOString()))]);

    const run = await runOf(workflow.workflow_id, started[0]!);
    expect(run).toMatchObject({ trigger: "schedule", status: "succeeded", workflow_version: 1, error: null, scheduled_for: minute(now.toISOString()) });
    expect(
      run.activities.map((a: { stage: number; output: string; rows_in: number | null; rows_out: number | null }) => [a.stage, a.output, a.rows_in, a.rows_out]),
    ).toEqual([
      [1, "people", null, 3],
      [2, "logged", 3, null],
    ]);
    const item = (await api("GET", `/workflows/${workflow.workflow_id}`)).body;
    expect(item).toMatchObject({ last_run_status: "succeeded", last_errors: [], last_scheduled_at: minute(now.toISOString()) });
    expect(Date.parse(item.next_due_at)).toBe(Date.parse(minute(now.toISOString())) + 5 * 60_000);
  });

  it("runs on demand while disabled, under the run id the request named", async () => {
    const workflow = await createWorkflow({ enabled: false });
    const requested = await completing(1, () => api("POST", `/workflows/${workflow.workflow_id}/run`));
    expect(requested.status).toBe(202);
    expect(requested.body.run_id).toBe(runIds.manual(workflow.workflow_id, requested.body.run_requested_at));
    const run = await runOf(workflow.workflow_id, requested.body.run_id);
    expect(run).toMatchObject({ trigger: "manual", status: "succeeded", scheduled_for: requested.body.run_requested_at });
    expect(await reconcileOne(workflow.workflow_id)).toEqual([]);
  });

  it("passes a query's rows to a later query as $input", async () => {
    const workflow = await createWorkflow({
      stages: [
        { activities: [{ type: "query", output: "numbers", parameters: { cypher: "UNWIND [1, 2, 3] AS n RETURN n" } }] },
        { activities: [{ type: "query", input: "numbers", output: "total", parameters: { cypher: "UNWIND $input AS row RETURN sum(row.n) AS total" } }] },
      ],
    });
    const requested = await completing(1, () => api("POST", `/workflows/${workflow.workflow_id}/run`));
    const run = await runOf(workflow.workflow_id, requested.body.run_id);
    expect(run.activities.find((a: { output: string }) => a.output === "total")).toMatchObject({ rows_in: 3, rows_out: 1, status: "succeeded" });
  });

  it("fails the run when an activity fails, after its siblings settle, and keeps the error", async () => {
    const workflow = await createWorkflow({
      stages: [
        { activities: [{ type: "query", output: "rows", parameters: { cypher: "RETURN {n: 1} AS details" } }] },
        {
          activities: [
            { type: "log", input: "rows", output: "fine", parameters: { log_attrs: ["n"] } },
            { type: "query", input: "rows", output: "broken", parameters: { cypher: "RETURN 1 / (size($input) - size($input)) AS x" } },
          ],
        },
        { activities: [{ type: "log", input: "rows", output: "never", parameters: { log_attrs: ["n"] } }] },
      ],
    });
    const requested = await completing(1, () => api("POST", `/workflows/${workflow.workflow_id}/run`));
    const run = await runOf(workflow.workflow_id, requested.body.run_id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/^stage 2 activity broken \(query\): /);
    expect(Object.fromEntries(run.activities.map((a: { output: string; status: string }) => [a.output, a.status]))).toEqual({
      rows: "succeeded",
      fine: "succeeded",
      broken: "failed",
    });
    const item = (await api("GET", `/workflows/${workflow.workflow_id}`)).body;
    expect(item.last_run_status).toBe("failed");
    expect(item.last_errors).toEqual([run.error]);
  });

  it("starts trigger targets after full success, once per parent run, and skips a cycle", async () => {
    const first = await createWorkflow();
    const second = await createWorkflow({ trigger_workflows: [first.workflow_id] });
    const replaced = await api("PUT", `/workflows/${first.workflow_id}`, { name: first.name, stages: queryThenLog(), trigger_workflows: [second.workflow_id] });
    expect(replaced.body.trigger_workflows).toEqual([second.workflow_id]);

    // first -> second -> (first is in the lineage: skipped).
    const requested = await completing(2, () => api("POST", `/workflows/${first.workflow_id}/run`));
    const chained = (await api("GET", `/workflows/${second.workflow_id}/runs`)).body.runs;
    expect(chained).toHaveLength(1);
    expect(chained[0]).toMatchObject({ trigger: "chain", status: "succeeded", triggered_by_run_id: requested.body.run_id });
    expect(chained[0].run_id).toBe(await runIds.chain(second.workflow_id, requested.body.run_id));
    expect((await api("GET", `/workflows/${first.workflow_id}/runs`)).body.runs).toHaveLength(1);
  });

  it("does not start trigger targets when the run failed", async () => {
    const target = await createWorkflow();
    const failing = await createWorkflow({
      stages: [{ activities: [{ type: "query", output: "boom", parameters: { cypher: "RETURN 1 / 0 AS x" } }] }],
      trigger_workflows: [target.workflow_id],
    });
    const requested = await completing(1, () => api("POST", `/workflows/${failing.workflow_id}/run`));
    expect((await runOf(failing.workflow_id, requested.body.run_id)).status).toBe("failed");
    expect((await api("GET", `/workflows/${target.workflow_id}/runs`)).body.runs).toEqual([]);
  });

  it("runs a scheduled query as its query then its actions", async () => {
    const created = await api("POST", "/scheduled-queries", {
      name: "Legacy",
      cypher: "UNWIND range(1, 2) AS i RETURN {n: i} AS details",
      actions: [{ action_type: "log", action_config: { log_attrs: ["n"] } }],
    });
    expect(created.status).toBe(201);
    const id = created.body.scheduled_query_id;
    const requested = await completing(1, () => api("POST", `/scheduled-queries/${id}/run`));
    expect(requested.body).toEqual({ scheduled_query_id: id, run_requested_at: expect.any(String), run_id: expect.any(String), temporal_workflow_id: id });
    const [run] = (await api("GET", `/scheduled-queries/${id}/workflow-runs`)).body.runs;
    expect(run).toMatchObject({ status: "succeeded", trigger: "manual" });
    expect(run.activities.map((a: { output: string; rows_in: number | null }) => [a.output, a.rows_in])).toEqual([
      ["query", null],
      ["action_1", 2],
    ]);
    const recorded = await env.DB.prepare("SELECT count(*) AS n FROM workflow_runs WHERE workflow_id = ?").bind(id).first<{ n: number }>();
    expect(recorded?.n).toBe(1);
  });

  it("answers 404 naming the kind the route asked for when a run does not exist", async () => {
    const created = await api("POST", "/scheduled-queries", { name: freshName("No runs"), cypher: "RETURN {n: 1} AS details", actions: [] });
    const id = created.body.scheduled_query_id;
    const asQuery = await api("GET", `/scheduled-queries/${id}/workflow-runs/nope`);
    expect(asQuery.status).toBe(404);
    expect(asQuery.body.error.message).toBe(`scheduled query ${id} has no run nope`);
    const asWorkflow = await api("GET", `/workflows/${id}/runs/nope`);
    expect(asWorkflow.status).toBe(404);
    expect(asWorkflow.body.error.message).toBe(`workflow ${id} has no run nope`);
    const workflow = await createWorkflow();
    expect((await api("GET", `/scheduled-queries/${workflow.workflow_id}/workflow-runs/nope`)).body.error.message).toBe(
      `scheduled query ${workflow.workflow_id} does not exist`,
    );
  });

  it("delivers a scheduled query's rows to SQS and the log in one run, through the engine", async () => {
    const queue = await newQueue();
    const created = await api("POST", "/scheduled-queries", {
      name: "To the queue",
      cypher: "UNWIND range(1, 3) AS i RETURN {n: i} AS details",
      actions: [
        { action_type: "sqs", action_config: { sqs_queue: queue.name } },
        { action_type: "log", action_config: { log_attrs: ["n"] } },
      ],
    });
    const id = created.body.scheduled_query_id;
    await completing(1, () => api("POST", `/scheduled-queries/${id}/run`));
    const [run] = (await api("GET", `/scheduled-queries/${id}/workflow-runs`)).body.runs;
    expect(run.status).toBe("succeeded");
    expect(Object.fromEntries(run.activities.map((a: { output: string; result: unknown }) => [a.output, a.result]))).toMatchObject({
      action_1: { messages_sent: 3 },
      action_2: { rows_logged: 3 },
    });
    const messages = await receiveAll(queue.url, 3);
    expect(messages.map((message) => JSON.parse(message.Body).n).sort()).toEqual([1, 2, 3]);
    expect(messages[0]!.MessageAttributes.type!.StringValue).toBe(id);
  });
});
