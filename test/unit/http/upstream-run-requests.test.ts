// Upstream Seizu's `seizu workflows run` prints the answer's temporal_workflow_id; the run is
// then at /runs/{temporal_workflow_id}/{run_id}. Scheduled queries answer the same beside
// upstream's run_requested_at.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { completing, createWorkflow, freshName } from "../../support/workflows";

describe("POST /workflows/{id}/run", () => {
  it("answers upstream's temporal_workflow_id and run_id, which name the run at upstream's path", async () => {
    const { workflow_id } = await createWorkflow({ enabled: false });
    const { status, body } = await completing(1, () => api("POST", `/workflows/${workflow_id}/run`));
    expect(status).toBe(202);
    expect(body).toMatchObject({ workflow_id, temporal_workflow_id: workflow_id, run_id: expect.any(String), run_requested_at: expect.any(String) });
    const run = await api("GET", `/workflows/${workflow_id}/runs/${body.temporal_workflow_id}/${body.run_id}`);
    expect(run.status).toBe(200);
    expect(run.body.run_id).toBe(body.run_id);
  });
});

describe("POST /scheduled-queries/{id}/run", () => {
  it("answers upstream's run_requested_at with temporal_workflow_id and run_id beside it", async () => {
    const created = await api("POST", "/scheduled-queries", { name: freshName("Query"), cypher: "RETURN 1 AS one", enabled: false });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.scheduled_query_id as string;
    const { status, body } = await completing(1, () => api("POST", `/scheduled-queries/${id}/run`));
    expect(status).toBe(202);
    expect(body).toMatchObject({ scheduled_query_id: id, temporal_workflow_id: id, run_id: expect.any(String), run_requested_at: expect.any(String) });
    expect((await api("GET", `/scheduled-queries/${id}/workflow-runs/${id}/${body.run_id}`)).status).toBe(200);
  });
});
