// A workflow run records itself through the real queue: workflow_run when it starts (via cron
// when the scheduler started it) and when it ends, and one workflow_activity per activity with its
// type, outcome, duration and rows; a cancelled run records who cancelled it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WorkflowRunStore } from "../../../worker/workflows/store";
import { receiverSpot } from "../../support/activities";
import { api } from "../../support/api";
import { completing, createWorkflow, reconcileOne } from "../../support/workflows";
import { queueDrains } from "../../support/audit-queue";
import { arrived, storedEvents, type StoredEvent } from "./stored-events";

async function runToEnd(workflowId: string): Promise<string> {
  const requested = await completing(1, () => api("POST", `/workflows/${workflowId}/run`));
  return requested.body.run_id as string;
}

const eventsOf = (runId: string, kind: string, count: number) =>
  arrived(count, "kind = ? AND json_extract(detail, '$.run_id') = ?", kind, runId) as Promise<StoredEvent[]>;
const detailOf = (event: StoredEvent) => JSON.parse(event.detail) as Record<string, unknown>;

describe("a workflow run", () => {
  it("records its start (by the scheduler) and its success, on the definition's version", async () => {
    const workflow = await createWorkflow({ enabled: false });
    const runId = await runToEnd(workflow.workflow_id);
    const events = await eventsOf(runId, "workflow_run", 2);
    expect(events.map((event) => [event.action, event.outcome, event.via])).toEqual([
      ["started", "ok", "cron"],
      ["succeeded", "ok", "workflow"],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ resource_type: "workflow", resource_id: workflow.workflow_id, resource_version: 1 });
    }
    expect(detailOf(events[0]!)).toMatchObject({ run_id: runId, trigger: "manual" });
    expect(events[1]!.duration_ms).toEqual(expect.any(Number));
  });

  it("requested by hand names its requester on its start, its activities and its end", async () => {
    const workflow = await createWorkflow({ enabled: false });
    const runId = await runToEnd(workflow.workflow_id);
    const events = [...(await eventsOf(runId, "workflow_run", 2)), ...(await eventsOf(runId, "workflow_activity", 2))];
    expect(events.map((event) => [event.principal_subject, event.principal_name, event.principal_roles])).toEqual(
      // The local admin has no name to show.
      Array(4).fill(["local-admin", null, '["seizu-admin"]']),
    );
  });

  it("run by its schedule names nobody", async () => {
    const workflow = await createWorkflow({ schedule: { type: "interval", interval_minutes: 5 } });
    const [runId] = await completing(1, () => reconcileOne(workflow.workflow_id));
    const events = await eventsOf(runId!, "workflow_run", 2);
    expect(events.map((event) => [event.action, event.principal_subject])).toEqual([
      ["started", null],
      ["succeeded", null],
    ]);
  });

  it("records each activity executed with its type, outcome, duration and the rows a query returned", async () => {
    const workflow = await createWorkflow({ enabled: false });
    const runId = await runToEnd(workflow.workflow_id);
    const activities = await eventsOf(runId, "workflow_activity", 2);
    expect(activities.map((event) => [event.action, event.outcome, event.via, event.rows])).toEqual([
      ["query", "ok", "workflow", 3],
      ["log", "ok", "workflow", null],
    ]);
    for (const event of activities) expect(event.duration_ms).toBeGreaterThanOrEqual(0);
    expect(detailOf(activities[1]!)).toMatchObject({ stage: 2, output: "logged", rows_in: 3, attempts: 1 });
  });

  it("records a failed activity with its error, and the run as failed", async () => {
    const spot = receiverSpot();
    const stages = [
      { activities: [{ type: "query", output: "rows", parameters: { cypher: "UNWIND range(1, 2) AS i RETURN {n: i} AS details" } }] },
      { activities: [{ type: "webhook", input: "rows", output: "sent", parameters: { url: `${spot.url}/status/404` } }] },
    ];
    const workflow = await createWorkflow({ enabled: false, stages });
    const runId = await runToEnd(workflow.workflow_id);
    const [, webhook] = await eventsOf(runId, "workflow_activity", 2);
    expect(webhook).toMatchObject({ action: "webhook", outcome: "error" });
    expect(detailOf(webhook!).error).toContain("404");
    const [, ended] = await eventsOf(runId, "workflow_run", 2);
    expect(ended).toMatchObject({ action: "failed", outcome: "error" });
    expect(detailOf(ended!).error).toContain("404");
  });

  it("cancelled records who cancelled it", async () => {
    const { workflow_id } = await createWorkflow({ enabled: false });
    const runId = `${workflow_id}-m-${Date.now()}`;
    const now = new Date().toISOString();
    await new WorkflowRunStore(env.DB).record({ runId, workflowId: workflow_id, version: 1, trigger: "manual", scheduledFor: now, lineage: [] }, now);
    expect((await api("POST", `/workflows/${workflow_id}/runs/${workflow_id}/${runId}/cancel`)).status).toBe(204);
    const [cancelled] = await eventsOf(runId, "workflow_run", 1);
    expect(cancelled).toMatchObject({ action: "cancelled", via: "rest", principal_subject: "local-admin", resource_id: workflow_id });
    await queueDrains();
    expect(await storedEvents("kind = 'workflow_run' AND json_extract(detail, '$.run_id') = ?", runId)).toHaveLength(1);
  });
});
