import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { receiverSpot } from "../../support/activities";
import { changeStored, completing, createWorkflow, runOf } from "../../support/workflows";

/** A query of two rows, then `then` on them. */
const rowsThen = (then: Record<string, unknown>) => [
  { activities: [{ type: "query", output: "rows", parameters: { cypher: "UNWIND range(1, 2) AS i RETURN {n: i} AS details" } }] },
  { activities: [{ input: "rows", output: "sent", ...then }] },
];

async function runToEnd(workflowId: string) {
  const requested = await completing(1, () => api("POST", `/workflows/${workflowId}/run`));
  const run = await runOf(workflowId, requested.body.run_id);
  return { run, activity: (output: string) => run.activities.find((entry: { output: string }) => entry.output === output) };
}

describe("activity retries", () => {
  it("retries a webhook the receiver answered 503, sending the same delivery id every time", async () => {
    const spot = receiverSpot();
    const workflow = await createWorkflow({ stages: rowsThen({ type: "webhook", parameters: { url: `${spot.url}/status/503` } }) });
    const { run, activity } = await runToEnd(workflow.workflow_id);
    const received = await spot.received();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((request) => request.headers["x-seizu-delivery"]))).toEqual(new Set([expect.stringMatching(/^[0-9a-f]{32}$/)]));
    expect(run.status).toBe("failed");
    expect(activity("sent")).toMatchObject({ status: "failed", attempts: 3, error: "webhook answered HTTP 503: receiver answers 503" });
  });

  it("does not retry a webhook the receiver refused with 404", async () => {
    const spot = receiverSpot();
    const workflow = await createWorkflow({ stages: rowsThen({ type: "webhook", parameters: { url: `${spot.url}/status/404` } }) });
    const { run, activity } = await runToEnd(workflow.workflow_id);
    expect(await spot.received()).toHaveLength(1);
    expect(run.status).toBe("failed");
    expect(activity("sent")).toMatchObject({ status: "failed", attempts: 1, error: "webhook answered HTTP 404: receiver answers 404" });
  });

  it("does not retry a webhook whose signing secret is not set", async () => {
    const spot = receiverSpot();
    const workflow = await createWorkflow({
      stages: rowsThen({ type: "webhook", parameters: { url: `${spot.url}/hook`, secret_name: "WEBHOOK_SECRET_ABSENT" } }),
    });
    const { activity } = await runToEnd(workflow.workflow_id);
    expect(activity("sent")).toMatchObject({ status: "failed", attempts: 1, error: expect.stringContaining("WEBHOOK_SECRET_ABSENT is not set") });
    expect(await spot.received()).toEqual([]);
  });

  it("does not retry a webhook to a host no longer allowed", async () => {
    const spot = receiverSpot();
    const workflow = await createWorkflow({ stages: rowsThen({ type: "webhook", parameters: { url: `${spot.url}/hook` } }) });
    await changeStored(workflow.workflow_id, "$.stages[1].activities[0].parameters.url", "https://elsewhere.example.com/hook");
    const { activity } = await runToEnd(workflow.workflow_id);
    expect(activity("sent")).toMatchObject({
      status: "failed",
      attempts: 1,
      error: expect.stringContaining("elsewhere.example.com, which is not in WORKFLOW_WEBHOOK_ALLOWED_HOSTS"),
    });
  });

  it("does not retry a saved query the read-only scan refuses", async () => {
    const workflow = await createWorkflow();
    await changeStored(workflow.workflow_id, "$.stages[0].activities[0].parameters.cypher", "MATCH (n) DETACH DELETE n");
    const { run, activity } = await runToEnd(workflow.workflow_id);
    expect(run.status).toBe("failed");
    expect(activity("people")).toMatchObject({ status: "failed", attempts: 1, error: expect.stringContaining("the saved query breaks the rule write_clause") });
  });

  it("does not retry a query Neo4j refuses as wrong (division by zero)", async () => {
    const workflow = await createWorkflow({ stages: [{ activities: [{ type: "query", output: "boom", parameters: { cypher: "RETURN 1 / 0 AS x" } }] }] });
    const { activity } = await runToEnd(workflow.workflow_id);
    expect(activity("boom")).toMatchObject({ status: "failed", attempts: 1, error: "/ by zero" });
  });

  it("records one attempt for an activity that succeeded at once", async () => {
    const spot = receiverSpot();
    const workflow = await createWorkflow({ stages: rowsThen({ type: "webhook", parameters: { url: `${spot.url}/hook` } }) });
    const { run, activity } = await runToEnd(workflow.workflow_id);
    expect(run.status).toBe("succeeded");
    expect(activity("rows")).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(activity("sent")).toMatchObject({ status: "succeeded", attempts: 1, result: { rows_sent: 2, status: 200 } });
  });
});
