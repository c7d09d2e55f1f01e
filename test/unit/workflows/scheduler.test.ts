import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runIds } from "../../../worker/workflows/engine";
import { api } from "../../support/api";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";
import { completing, createWorkflow, reconcileOne, tick } from "../../support/workflows";

const runsOf = async (workflowId: string) =>
  (
    await env.DB.prepare("SELECT run_id, trigger FROM workflow_runs WHERE workflow_id = ? ORDER BY created_at")
      .bind(workflowId)
      .all<{ run_id: string; trigger: string }>()
  ).results;

describe("the scheduler", () => {
  it("starts a due run once when two cron ticks overlap", async () => {
    const workflow = await createWorkflow({ schedule: { type: "interval", interval_minutes: 1 } });
    const at = new Date();
    await completing(1, () => Promise.all([tick(at), tick(at), reconcileOne(workflow.workflow_id, at)]));
    const runs = await runsOf(workflow.workflow_id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.run_id).toBe(runIds.schedule(workflow.workflow_id, new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString()));
  });

  it("starts the next run once the interval has passed, and not before", async () => {
    const workflow = await createWorkflow({ schedule: { type: "interval", interval_minutes: 10 } });
    const first = new Date("2030-01-01T10:00:10Z");
    await completing(1, () => reconcileOne(workflow.workflow_id, first));
    expect(await reconcileOne(workflow.workflow_id, new Date("2030-01-01T10:09:59Z"))).toEqual([]);
    const started = await completing(1, () => reconcileOne(workflow.workflow_id, new Date("2030-01-01T10:10:05Z")));
    expect(started).toEqual([runIds.schedule(workflow.workflow_id, "2030-01-01T10:10:00.000Z")]);
  });

  it("leaves a disabled workflow's schedule alone", async () => {
    const workflow = await createWorkflow({ enabled: false, schedule: { type: "interval", interval_minutes: 1 } });
    expect(await reconcileOne(workflow.workflow_id)).toEqual([]);
    expect((await api("GET", `/workflows/${workflow.workflow_id}`)).body.next_due_at).toBeNull();
  });

  it("claims a manual request once however many ticks see it", async () => {
    const workflow = await createWorkflow({ enabled: false });
    const requested = await completing(1, async () => {
      const response = await api("POST", `/workflows/${workflow.workflow_id}/run`);
      await Promise.all([reconcileOne(workflow.workflow_id), reconcileOne(workflow.workflow_id)]);
      return response.body;
    });
    expect(await runsOf(workflow.workflow_id)).toEqual([{ run_id: requested.run_id, trigger: "manual" }]);
  });

  it("keeps at most one run waiting behind a running one", async () => {
    const workflow = await createWorkflow({ schedule: { type: "interval", interval_minutes: 1 } });
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO workflow_runs (run_id, workflow_id, workflow_version, trigger, scheduled_for, status, created_at)
       VALUES (?1 || '-a', ?1, 1, 'schedule', ?2, 'running', ?2), (?1 || '-b', ?1, 1, 'schedule', ?2, 'queued', ?2)`,
    )
      .bind(workflow.workflow_id, new Date(now).toISOString())
      .run();
    expect(await reconcileOne(workflow.workflow_id, new Date(now))).toEqual([]);
    expect(await runsOf(workflow.workflow_id)).toHaveLength(2);
  });

  it("runs a workflow watching scans when a matching SyncMetadata is newer than its last run", async () => {
    const grouptype = uniqueLabel("Scan");
    const workflow = await createWorkflow({ watch_scans: [{ grouptype, syncedtype: "recent" }] });
    const neo4j = testNeo4j();
    const scan = async (syncedtype: string, seconds: number) =>
      neo4j.query(
        "MERGE (s:SyncMetadata {grouptype: $grouptype, syncedtype: $syncedtype, groupid: 'all'}) SET s.lastupdated = $seconds",
        { grouptype, syncedtype, seconds },
        { accessMode: "WRITE" },
      );
    const later = Math.floor(Date.now() / 1000) + 60;

    await scan("modified", later);
    expect(await reconcileOne(workflow.workflow_id)).toEqual([]);
    await scan("recent", later);
    const started = await completing(1, () => reconcileOne(workflow.workflow_id));
    expect(started).toEqual([runIds.watch(workflow.workflow_id, new Date(later * 1000).toISOString())]);
    expect(await reconcileOne(workflow.workflow_id)).toEqual([]);
    await scan("recent", later + 30);
    expect(await completing(1, () => reconcileOne(workflow.workflow_id))).toHaveLength(1);
    expect((await runsOf(workflow.workflow_id)).map((run) => run.trigger)).toEqual(["watch", "watch"]);
  });

  it("starts again a claimed run whose instance was never created", async () => {
    const workflow = await createWorkflow({ enabled: false });
    const runId = `${workflow.workflow_id}-m-1`;
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO workflow_runs (run_id, workflow_id, workflow_version, trigger, scheduled_for, status, created_at, lineage) VALUES (?, ?, 1, 'manual', ?, 'queued', ?, json_array(?))",
    )
      .bind(runId, workflow.workflow_id, longAgo, longAgo, workflow.workflow_id)
      .run();
    await completing(1, () => tick());
    const { body } = await api("GET", `/workflows/${workflow.workflow_id}/runs/${runId}`);
    expect(body.status).toBe("succeeded");
  });
});
