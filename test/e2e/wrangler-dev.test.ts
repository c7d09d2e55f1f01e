import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "../support/worker";
// @ts-expect-error plain ESM helpers shared with npm start
import { tickCron } from "../../scripts/lib/wrangler-dev.mjs";
// @ts-expect-error plain ESM data shared with npm start
import { demoWorkflow } from "../../scripts/demo-graph/workflow.mjs";

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker?.stop();
});

describe("the Worker under wrangler dev", () => {
  it("serves /api/v1/health = 200 with D1 migrated and Neo4j up", async () => {
    const response = await fetch(`${worker.url}/api/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", checks: { d1: { ok: true }, neo4j: { ok: true } } });
  });

  it("serves the admin UI from static assets, and index.html for client-side routes", async () => {
    const root = await fetch(`${worker.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain("<title>Seizu Edge</title>");
    const deep = await fetch(`${worker.url}/toolsets/some_toolset`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain("<title>Seizu Edge</title>");
  });

  it("answers unknown API paths with JSON, not the UI", async () => {
    const response = await fetch(`${worker.url}/api/v1/does-not-exist`);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  it("keeps D1 writes across requests (the migrated local database)", async () => {
    const id = `e2e_${Date.now().toString(36)}`;
    const created = await fetch(`${worker.url}/api/v1/toolsets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id, name: "E2E" }),
    });
    expect(created.status).toBe(201);
    const fetched = await fetch(`${worker.url}/api/v1/toolsets/${id}`);
    expect(await fetched.json()).toMatchObject({ id, name: "E2E", version: 1 });
  });

  it("runs npm start's demo workflow on a cron tick, under the Workflows engine, into the log activity", async () => {
    const created = await fetch(`${worker.url}/api/v1/workflows`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(demoWorkflow),
    });
    expect(created.status).toBe(201);
    const { workflow_id } = (await created.json()) as { workflow_id: string };
    await tickCron(worker.url);
    const deadline = Date.now() + 30_000;
    let runs: { status: string; trigger: string; activities: { output: string; status: string }[] }[] = [];
    while (Date.now() < deadline) {
      runs = ((await (await fetch(`${worker.url}/api/v1/workflows/${workflow_id}/runs`)).json()) as { runs: typeof runs }).runs;
      if (runs[0]?.status === "succeeded" || runs[0]?.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", trigger: "schedule" });
    expect(runs[0]!.activities.map((activity) => [activity.output, activity.status])).toEqual([
      ["critical_cves", "succeeded"],
      ["logged", "succeeded"],
    ]);
  });
});
