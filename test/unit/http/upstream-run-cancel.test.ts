// Upstream Seizu cancels a run at POST /workflows/{id}/runs/{temporal_workflow_id}/{run_id}/cancel
// (204). Here a queued or running run is stopped (its Workflows instance terminated) and recorded
// as failed, naming who cancelled it; a finished run is a 409.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { WorkflowRunStore } from "../../../worker/workflows/store";
import { api } from "../../support/api";
import { completing, createWorkflow, queryThenLog, runOf } from "../../support/workflows";

const cancel = (workflowId: string, runId: string, temporalId = workflowId) => api("POST", `/workflows/${workflowId}/runs/${temporalId}/${runId}/cancel`);

/** A run the scheduler has recorded but whose instance has not started yet. */
async function queuedRun() {
  const { workflow_id } = await createWorkflow({ enabled: false });
  const runId = `${workflow_id}-m-${Date.now()}`;
  const now = new Date().toISOString();
  await new WorkflowRunStore(env.DB).record({ runId, workflowId: workflow_id, version: 1, trigger: "manual", scheduledFor: now, lineage: [] }, now);
  return { workflowId: workflow_id as string, runId };
}

describe("POST /workflows/{id}/runs/{temporal_workflow_id}/{run_id}/cancel", () => {
  it("cancels a queued run with 204, recording it as failed and who cancelled it", async () => {
    const { workflowId, runId } = await queuedRun();
    const { status, body } = await cancel(workflowId, runId);
    expect(status, JSON.stringify(body)).toBe(204);
    expect(await runOf(workflowId, runId)).toMatchObject({ status: "failed", error: "Cancelled by local-admin" });
  });

  it("terminates a running run's Workflows instance", async () => {
    const slow = "UNWIND range(1, 30000000) AS i WITH i WHERE i < 0 RETURN {n: i} AS details";
    const { workflow_id } = await createWorkflow({ enabled: false, stages: queryThenLog(slow) });
    const requested = await api("POST", `/workflows/${workflow_id}/run`);
    await vi.waitFor(async () => expect((await runOf(workflow_id, requested.body.run_id)).status).toBe("running"), { timeout: 20_000, interval: 100 });
    expect((await cancel(workflow_id, requested.body.run_id)).status).toBe(204);
    const instance = await env.WORKFLOW_RUNS.get(requested.body.run_id);
    expect((await instance.status()).status).toBe("terminated");
    expect(await runOf(workflow_id, requested.body.run_id)).toMatchObject({ status: "failed", error: "Cancelled by local-admin" });
  });

  it("refuses a run that has finished with 409 naming its status, and leaves it as it was", async () => {
    const { workflowId, runId } = await queuedRun();
    await cancel(workflowId, runId);
    const again = await cancel(workflowId, runId);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("has failed; only a queued or running run can be cancelled");

    const workflow = await createWorkflow({ enabled: false });
    const requested = await completing(1, () => api("POST", `/workflows/${workflow.workflow_id}/run`));
    const done = await cancel(workflow.workflow_id, requested.body.run_id);
    expect(done.status).toBe(409);
    expect((await runOf(workflow.workflow_id, requested.body.run_id)).status).toBe("succeeded");
  });

  it("answers 404 for a run named under another workflow, and cancels nothing", async () => {
    const { workflowId, runId } = await queuedRun();
    expect((await cancel(workflowId, runId, "another-workflow")).status).toBe(404);
    expect((await cancel(workflowId, "no-such-run")).status).toBe(404);
    expect((await runOf(workflowId, runId)).status).toBe("queued");
  });
});
