import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createWorkflow, freshName, queryThenLog } from "../../support/workflows";

const definitionCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM definitions WHERE kind IN ('workflow', 'scheduled_query')").first<{ n: number }>())?.n;

describe("workflows: definitions", () => {
  it("creates a workflow at version 1 with upstream's fields and no run yet", async () => {
    const created = await createWorkflow({ schedule: { type: "daily", days_of_week: [0, 4], hour: 9, minute: 30 }, comment: "first" });
    expect(created).toMatchObject({
      kind: "workflow",
      enabled: true,
      current_version: 1,
      watch_scans: [],
      trigger_workflows: [],
      schedule: { type: "daily", days_of_week: [0, 4], hour: 9, minute: 30, days_of_month: [] },
      last_run_status: null,
      last_errors: [],
      run_requested_at: null,
    });
    expect(created.workflow_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.next_due_at).toMatch(/T09:30:00.000Z$/);
    const versions = (await api("GET", `/workflows/${created.workflow_id}/versions`)).body.versions;
    expect(versions).toMatchObject([{ version: 1, comment: "first", name: created.name }]);
  });

  it("replaces a workflow as its next version and keeps the old one readable", async () => {
    const created = await createWorkflow();
    const replaced = await api("PUT", `/workflows/${created.workflow_id}`, {
      name: "Renamed",
      stages: queryThenLog("RETURN {n: 1} AS details"),
      enabled: false,
      comment: "second",
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: "Renamed", enabled: false, current_version: 2 });
    const first = (await api("GET", `/workflows/${created.workflow_id}/versions/1`)).body;
    expect(first).toMatchObject({ version: 1, name: created.name, enabled: true });
  });

  it("refuses an input that names no output of an earlier stage, naming the field", async () => {
    const before = await definitionCount();
    const response = await api("POST", "/workflows", {
      name: freshName(),
      stages: [
        {
          activities: [
            { type: "query", output: "rows", parameters: { cypher: "RETURN 1 AS x" } },
            { type: "log", input: "rows", output: "same_stage", parameters: { log_attrs: ["x"] } },
          ],
        },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toContainEqual(
      expect.objectContaining({ field: "stages.0.activities.1.input", message: "references output 'rows' that is not produced by an earlier stage" }),
    );
    expect(await definitionCount()).toBe(before);
  });

  it("refuses duplicate outputs, unknown keys and exclusive triggers together", async () => {
    const response = await api("POST", "/workflows", {
      name: freshName(),
      schedule: { type: "interval", interval_minutes: 5 },
      watch_scans: [{ grouptype: "CVE" }],
      stages: [
        { activities: [{ type: "query", output: "rows", parameters: { cypher: "RETURN 1 AS x" }, retries: 3 }] },
        { activities: [{ type: "log", input: "rows", output: "rows", parameters: { log_attrs: ["x"] } }] },
      ],
    });
    expect(response.status).toBe(422);
    const fields = response.body.error.fields.map((issue: { field: string }) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(["stages.0.activities.0", "watch_scans"]));
  });

  it("refuses a write query in an activity, naming its parameter", async () => {
    const response = await api("POST", "/workflows", {
      name: freshName(),
      stages: [{ activities: [{ type: "query", output: "rows", parameters: { cypher: "CREATE (n:Oops) RETURN n" } }] }],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields[0].field).toBe("stages.0.activities.0.parameters.cypher");
  });

  it("drops trigger targets that do not exist or name the workflow itself", async () => {
    const target = await createWorkflow();
    const created = await createWorkflow({ trigger_workflows: [target.workflow_id, "no-such-workflow", ` ${target.workflow_id} `] });
    expect(created.trigger_workflows).toEqual([target.workflow_id]);
    const self = await api("PUT", `/workflows/${created.workflow_id}`, {
      name: created.name,
      stages: queryThenLog(),
      trigger_workflows: [created.workflow_id, target.workflow_id],
    });
    expect(self.body.trigger_workflows).toEqual([target.workflow_id]);
  });

  it("deletes a workflow with its versions, state and runs", async () => {
    const created = await createWorkflow();
    await api("POST", `/workflows/${created.workflow_id}/run`);
    expect((await api("DELETE", `/workflows/${created.workflow_id}`)).status).toBe(204);
    expect((await api("GET", `/workflows/${created.workflow_id}`)).status).toBe(404);
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM workflow_state WHERE workflow_id = ?1) + (SELECT count(*) FROM workflow_runs WHERE workflow_id = ?1) + (SELECT count(*) FROM definition_versions WHERE id = ?1) AS n",
    )
      .bind(created.workflow_id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("lists the activity types with the fields of their parameters", async () => {
    const { body } = await api("GET", "/workflows/activity-types");
    expect(body.activity_types.map((type: { type: string }) => type.type)).toEqual(expect.arrayContaining(["query", "log"]));
  });
});

describe("scheduled queries: upstream's deprecated view of the same rows", () => {
  const query = () => ({
    name: freshName("Query"),
    cypher: "RETURN {n: 1} AS details",
    actions: [{ action_type: "log", action_config: { log_attrs: ["n"] } }],
  });

  it("creates a scheduled query that the workflows API shows projected to stages", async () => {
    const created = await api("POST", "/scheduled-queries", { ...query(), frequency: 60 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ frequency: 60, schedule: null, params: [], current_version: 1 });
    const asWorkflow = (await api("GET", `/workflows/${created.body.scheduled_query_id}`)).body;
    expect(asWorkflow).toMatchObject({ kind: "scheduled_query", trigger_workflows: [] });
    expect(asWorkflow.stages).toEqual([
      { activities: [{ type: "query", output: "query", parameters: { cypher: "RETURN {n: 1} AS details", parameters: [] } }] },
      { activities: [{ type: "log", input: "query", output: "action_1", parameters: { log_attrs: ["n"] } }] },
    ]);
  });

  it("names a scheduled query's own fields in its errors", async () => {
    const response = await api("POST", "/scheduled-queries", { ...query(), cypher: "MATCH (n) DETACH DELETE n" });
    expect(response.status).toBe(422);
    expect(response.body.error.fields[0].field).toBe("cypher");
    const unknown = await api("POST", "/scheduled-queries", { ...query(), actions: [{ action_type: "statsd", action_config: {} }] });
    expect(unknown.body.error.fields[0].field).toBe("actions.0.action_type");
  });

  it("refuses frequency, schedule and watch_scans together", async () => {
    const response = await api("POST", "/scheduled-queries", { ...query(), frequency: 5, schedule: { type: "interval", interval_minutes: 5 } });
    expect(response.status).toBe(422);
    expect(response.body.error.fields[0]).toMatchObject({ field: "schedule", message: "triggers are mutually exclusive; got frequency and schedule" });
  });

  it("hides workflows from the scheduled-queries API and refuses to change a scheduled query as a workflow", async () => {
    const workflow = await createWorkflow();
    expect((await api("GET", `/scheduled-queries/${workflow.workflow_id}`)).status).toBe(404);
    const created = (await api("POST", "/scheduled-queries", query())).body;
    const asWorkflow = await api("PUT", `/workflows/${created.scheduled_query_id}`, { name: "x", stages: queryThenLog() });
    expect(asWorkflow.status).toBe(409);
    const listed = (await api("GET", "/scheduled-queries")).body.scheduled_queries.map((item: { scheduled_query_id: string }) => item.scheduled_query_id);
    expect(listed).toContain(created.scheduled_query_id);
    expect(listed).not.toContain(workflow.workflow_id);
  });

  it("keeps versions of a replaced scheduled query", async () => {
    const created = (await api("POST", "/scheduled-queries", query())).body;
    const replaced = await api("PUT", `/scheduled-queries/${created.scheduled_query_id}`, { ...query(), name: "Replaced", comment: "again" });
    expect(replaced.body).toMatchObject({ name: "Replaced", current_version: 2 });
    const versions = (await api("GET", `/scheduled-queries/${created.scheduled_query_id}/versions`)).body.versions;
    expect(versions.map((version: { version: number; comment: string }) => [version.version, version.comment])).toEqual([
      [2, "again"],
      [1, ""],
    ]);
  });
});
