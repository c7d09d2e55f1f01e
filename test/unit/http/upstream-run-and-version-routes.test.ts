// Upstream Seizu's clients page run lists with ?limit=, open a run at
// …/runs/{workflow_id}/{run_id}, and open an older report version with its query capabilities.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createReport, everyPanel, saveConfig } from "../../support/reports";
import { completing, createWorkflow } from "../../support/workflows";

async function workflowWithTwoRuns() {
  const workflow = await createWorkflow({ enabled: false });
  const path = `/workflows/${workflow.workflow_id}/run`;
  await completing(2, async () => {
    await api("POST", path);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await api("POST", path);
  });
  return workflow.workflow_id as string;
}

describe("run lists and runs at upstream's paths", () => {
  it("take ?limit= (newest first), at upstream's path segment too, and refuse a limit out of bounds by name", async () => {
    const id = await workflowWithTwoRuns();
    const all = (await api("GET", `/workflows/${id}/runs`)).body.runs;
    expect(all).toHaveLength(2);
    expect((await api("GET", `/workflows/${id}/runs?limit=1`)).body.runs).toEqual([all[0]]);
    const bad = await api("GET", `/workflows/${id}/runs?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("limit");

    const run = await api("GET", `/workflows/${id}/runs/${id}/${all[0].run_id}`);
    expect(run.status).toBe(200);
    expect(run.body).toEqual((await api("GET", `/workflows/${id}/runs/${all[0].run_id}`)).body);
    const elsewhere = await api("GET", `/workflows/${id}/runs/another-workflow/${all[0].run_id}`);
    expect(elsewhere.status).toBe(404);
  });
});

describe("GET /reports/{id}/versions/{n}?include_query_capabilities=true", () => {
  it("gives that version's query capabilities, and none unless asked", async () => {
    const { report_id } = await createReport();
    await saveConfig(report_id, everyPanel);
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    const asked = await api("GET", `/reports/${report_id}/versions/2?include_query_capabilities=true`);
    expect(asked.status).toBe(200);
    expect(Object.keys(asked.body.query_capabilities)).toContain("rows.0.panels.0.cypher");
    expect((await api("GET", `/reports/${report_id}/versions/2`)).body).not.toHaveProperty("query_capabilities");
  });
});
