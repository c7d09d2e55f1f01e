import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createReport, everyPanel } from "../../support/reports";
import { mcp, callTool as call, approvedCall } from "../../support/mcp-app";

describe("reports built-in tools", () => {
  it.each([
    ["reports__list", [], []],
    ["reports__get", ["report_id"], ["report_id"]],
    ["reports__get_dashboard", [], []],
    ["reports__list_versions", ["report_id"], ["report_id"]],
    ["reports__get_version", ["report_id", "version"], ["report_id", "version"]],
    ["reports__create", ["name", "space_id", "subspace_id"], ["name"]],
    ["reports__create_version", ["report_id", "config", "comment", "base_version"], ["report_id", "config"]],
    ["reports__update_visibility", ["report_id", "access"], ["report_id"]],
    ["reports__pin", ["report_id", "pinned"], ["report_id", "pinned"]],
    ["reports__clone", ["report_id", "name", "space_id", "subspace_id"], ["report_id", "name"]],
    ["reports__set_dashboard", ["report_id"], ["report_id"]],
    ["reports__delete", ["report_id"], ["report_id"]],
    ["reports__restore", ["report_id", "version", "base_version"], ["report_id", "version"]],
  ])("%s takes upstream's arguments", async (name, properties, required) => {
    const tool = (await mcp("tools/list")).result.tools.find((candidate: { name: string }) => candidate.name === name);
    expect(Object.keys(tool.inputSchema.properties).sort()).toEqual([...properties].sort());
    expect([...(tool.inputSchema.required ?? [])].sort()).toEqual([...required].sort());
  });

  it("reads without asking anyone, and leaves the UI's query capabilities out", async () => {
    const { report_id } = await createReport();
    const got = await call("reports__get", { report_id });
    expect(got.structuredContent).toMatchObject({ report_id, version: 1 });
    expect(got.structuredContent).not.toHaveProperty("query_capabilities");
    const listed = await call("reports__list", {});
    expect(listed.structuredContent.reports.some((report: { report_id: string }) => report.report_id === report_id)).toBe(true);
  });

  it("saves a version only once a person approves it", async () => {
    const { report_id } = await createReport();
    const args = { report_id, config: everyPanel, comment: "from a model" };
    const asked = await call("reports__create_version", args);
    expect(asked.structuredContent).toMatchObject({ confirmation_required: true, confirmation: { target: `/reports/${report_id}/versions` } });
    expect((await api("GET", `/reports/${report_id}`)).body.version).toBe(1);
    await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`);
    const saved = await call("reports__create_version", args);
    expect(saved.structuredContent).toMatchObject({ version: 2, comment: "from a model" });
  });

  it("checks a config's shape before asking for approval, and its Cypher when the approved save runs", async () => {
    const { report_id } = await createReport();
    const config = { rows: [{ name: "r", panels: [{ type: "count", cypher: "CREATE (n) RETURN count(n) AS total" }] }] };
    const bad = await call("reports__create_version", { report_id, config: { ...config, panels: [] } });
    expect(bad).toMatchObject({ isError: true });
    expect(bad.content[0].text).toContain("config");
    const refused = await approvedCall("reports__create_version", { report_id, config });
    expect(refused).toMatchObject({ isError: true });
    expect(refused.content[0].text).toContain("config.rows.0.panels.0.cypher");
  });

  it("publishes, pins, sets the dashboard and deletes through approved calls", async () => {
    const { report_id } = await createReport();
    expect((await approvedCall("reports__update_visibility", { report_id, access: { scope: "public" } })).structuredContent.access).toEqual({
      scope: "public",
    });
    expect((await approvedCall("reports__pin", { report_id, pinned: true })).structuredContent).toEqual({ report_id, pinned: true });
    expect((await approvedCall("reports__set_dashboard", { report_id })).structuredContent).toEqual({ report_id });
    expect((await call("reports__get_dashboard", {})).structuredContent.report_id).toBe(report_id);
    expect((await approvedCall("reports__delete", { report_id })).structuredContent).toEqual({ done: true });
    expect((await api("GET", `/reports/${report_id}`)).status).toBe(404);
  });
});
