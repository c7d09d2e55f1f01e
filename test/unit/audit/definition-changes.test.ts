// Every change to a versioned definition is one event, delivered through the real queue once the
// write committed: the resource's type, id and version, the change's comment; a role's change is
// a role_change; an import one event with its counts; a refused write none.
import { describe, expect, it } from "vitest";
import { api, call } from "../../support/api";
import { createReport } from "../../support/reports";
import { createTool, createToolset, freshId } from "../../support/toolsets";
import { queueDrains } from "../../support/audit-queue";
import { arrived, storedEvents, type StoredEvent } from "./stored-events";

/** The one stored change of `type` and `id` with `action`, once the queue delivered it. */
async function changeOf(action: string, type: string, id: string): Promise<StoredEvent> {
  const events = await arrived(1, "action = ? AND resource_type = ? AND resource_id = ?", action, type, id);
  expect(events).toHaveLength(1);
  return events[0]!;
}

const detailOf = (event: StoredEvent) => JSON.parse(event.detail) as Record<string, unknown>;

describe("a definition change", () => {
  it("creating a toolset records create with its id, version 1, the comment and who made it", async () => {
    const id = freshId("ts");
    expect((await call("toolsets_create", { body: { id, name: "Audited", comment: "first cut" } })).status).toBe(201);
    const event = await changeOf("create", "toolset", id);
    expect(event).toMatchObject({
      kind: "definition_change",
      outcome: "ok",
      via: "rest",
      principal_subject: "local-admin",
      target: "toolsets_create",
      resource_version: 1,
    });
    expect(detailOf(event)).toEqual({ comment: "first cut" });
  });

  it("updating a tool records update with the parent/id path and the new version", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const updated = await call("toolsets_tool_update", {
      params: { toolset_id: toolset.id, tool_id: tool.id },
      body: { description: "now described", comment: "describe it" },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const event = await changeOf("update", "tool", `${toolset.id}/${tool.id}`);
    expect(event).toMatchObject({ kind: "definition_change", resource_version: 2, target: "toolsets_tool_update" });
    expect(detailOf(event)).toEqual({ comment: "describe it" });
  });

  it("replacing a tool (PUT) records update too", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const replaced = await api("PUT", `/toolsets/${toolset.id}/tools/${tool.id}`, { name: "Replaced", cypher: "RETURN 2 AS two" });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await changeOf("update", "tool", `${toolset.id}/${tool.id}`)).toMatchObject({ target: "toolsets_tool_replace", resource_version: 2 });
  });

  it("restoring a version records restore with the version made and the one restored", async () => {
    const toolset = await createToolset();
    await call("toolsets_update", { params: { toolset_id: toolset.id }, body: { name: "Second" } });
    expect((await call("toolsets_restore", { params: { toolset_id: toolset.id, version: 1 } })).status).toBe(200);
    const event = await changeOf("restore", "toolset", toolset.id);
    expect(event.resource_version).toBe(3);
    expect(detailOf(event)).toEqual({ restored_from: 1 });
  });

  it("deleting a toolset records delete without a version", async () => {
    const toolset = await createToolset();
    expect((await call("toolsets_delete", { params: { toolset_id: toolset.id } })).status).toBe(204);
    expect(await changeOf("delete", "toolset", toolset.id)).toMatchObject({ kind: "definition_change", resource_version: null });
  });

  it("a role's change is a role_change", async () => {
    const id = freshId("role");
    const created = await call("roles_create", { body: { id, permissions: ["toolsets:read"], comment: "readers" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const event = await changeOf("create", "role", id);
    expect(event).toMatchObject({ kind: "role_change", resource_version: 1 });
    expect(detailOf(event)).toEqual({ comment: "readers" });
  });

  it("a refused write records nothing (a create whose id is taken)", async () => {
    const toolset = await createToolset();
    expect((await call("toolsets_create", { body: { id: toolset.id, name: "Again" } })).status).toBe(409);
    await queueDrains();
    expect(await storedEvents("action = 'create' AND resource_id = ?", toolset.id)).toHaveLength(1);
  });

  it("an import records one event with the counts of what it wrote", async () => {
    const [first, second] = [freshId("ts"), freshId("ts")];
    const toolsets = {
      [first]: { name: "One", tools: { a: { name: "A", cypher: "RETURN 1 AS one" } } },
      [second]: { name: "Two" },
    };
    const imported = await call("toolsets_import", { body: { toolsets } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [event] = await arrived(1, "action = 'import' AND resource_type = 'toolset'");
    expect(event).toMatchObject({ kind: "definition_change", resource_id: "*", resource_version: null, target: "toolsets_import" });
    expect(detailOf(event!)).toEqual({ created: 3, updated: 0, unchanged: 0 });
  });

  it("a dry-run import records nothing", async () => {
    const before = (await storedEvents("action = 'import'")).length;
    const imported = await call("toolsets_import", { body: { toolsets: { [freshId("ts")]: { name: "Dry" } }, dry_run: true } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    await queueDrains();
    expect(await storedEvents("action = 'import'")).toHaveLength(before);
  });

  it("saving a report version, its visibility and choosing the dashboard are recorded as the report's changes", async () => {
    const report = await createReport();
    expect(await changeOf("create", "report", report.report_id)).toMatchObject({ resource_version: 1 });
    expect((await api("PUT", `/reports/${report.report_id}/visibility`, { access: { scope: "public" } })).status).toBe(200);
    expect(detailOf(await changeOf("set_visibility", "report", report.report_id))).toEqual({ access: { scope: "public" } });
    const saved = await api("POST", `/reports/${report.report_id}/versions`, { config: { rows: [] }, comment: "layout" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(detailOf(await changeOf("update", "report", report.report_id))).toEqual({ comment: "layout" });
    const chosen = await api("PUT", `/reports/${report.report_id}/dashboard`);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(await changeOf("set_dashboard", "report", report.report_id)).toMatchObject({ kind: "definition_change", target: "reports_set_dashboard" });
  });

  it("a scheduled query's change names its type scheduled_query", async () => {
    const name = freshId("sq");
    const created = await api("POST", "/scheduled-queries", { name, cypher: "RETURN 1 AS one", frequency: 60, enabled: false });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [event] = await arrived(1, "action = 'create' AND resource_type = 'scheduled_query'");
    expect(event).toMatchObject({ kind: "definition_change", resource_version: 1 });
  });
});
