import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createReport, everyPanel, freshName, reportsAs, saveConfig } from "../../support/reports";

describe("reports: versions", () => {
  it("creates a private report at version 1 with its name and no rows, commented Initial version", async () => {
    const name = freshName("Created");
    const created = await createReport({ name: `  ${name} ` });
    expect(created).toMatchObject({ name, current_version: 1, access: { scope: "private" }, pinned: false, space_id: null, subspace_id: null });
    const { body } = await api("GET", `/reports/${created.report_id}`);
    expect(body).toMatchObject({ version: 1, comment: "Initial version", report_created_by: "local-admin" });
    expect(body.config).toEqual({ schema_version: 1, name, queries: {}, inputs: [], rows: [] });
  });

  it("saves every panel type as the next version with its comment, and a non-blank name renames the report", async () => {
    const { report_id } = await createReport();
    const saved = await saveConfig(report_id, everyPanel, { comment: "all panels" });
    expect(saved).toMatchObject({ version: 2, current_version: 2, comment: "all panels", name: "Test report" });
    expect(saved.config.rows[1].panels.map((panel: { type: string }) => panel.type)).toEqual(["table", "vertical-table", "bar", "pie", "graph"]);
    const renamed = await saveConfig(report_id, { ...everyPanel, name: "Renamed" });
    expect(renamed).toMatchObject({ version: 3, name: "Renamed" });
    expect((await api("GET", "/reports")).body.reports.find((report: { report_id: string }) => report.report_id === report_id).name).toBe("Renamed");
  });

  it("restores a version as a new one commented Restored from version N", async () => {
    const { report_id } = await createReport();
    await saveConfig(report_id, { ...everyPanel, name: "Two" });
    await saveConfig(report_id, { name: "Three" });
    const restored = await api("POST", `/reports/${report_id}/versions/2/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 4, name: "Two", comment: "Restored from version 2" });
    const { body } = await api("GET", `/reports/${report_id}/versions`);
    expect(body.versions.map((version: { version: number; comment: string }) => [version.version, version.comment])).toEqual([
      [4, "Restored from version 2"],
      [3, ""],
      [2, ""],
      [1, "Initial version"],
    ]);
    expect((await api("GET", `/reports/${report_id}/versions/3`)).body.config.name).toBe("Three");
  });

  it("keeps access when a version is restored: visibility is no part of a version", async () => {
    const { report_id } = await createReport();
    await saveConfig(report_id, { name: "Two" });
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    const restored = await api("POST", `/reports/${report_id}/versions/1/restore`);
    expect(restored.body).toMatchObject({ version: 3, access: { scope: "public" } });
  });

  it("answers 404 for a report or version that does not exist", async () => {
    expect((await api("GET", "/reports/no-such-report")).status).toBe(404);
    const { report_id } = await createReport();
    const missing = await api("GET", `/reports/${report_id}/versions/9`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(`report ${report_id} has no version 9`);
  });

  it("clones the latest config into a new private report commented Cloned from <name>", async () => {
    const source = await createReport({ name: freshName("Source") });
    await saveConfig(source.report_id, everyPanel);
    const clone = await api("POST", `/reports/${source.report_id}/clone`, { name: "Copy" });
    expect(clone.status).toBe(201);
    expect(clone.body).toMatchObject({ name: "Copy", current_version: 1, access: { scope: "private" } });
    const copied = (await api("GET", `/reports/${clone.body.report_id}`)).body;
    expect(copied.comment).toBe(`Cloned from ${source.name}`);
    expect(copied.config.rows).toEqual((await api("GET", `/reports/${source.report_id}`)).body.config.rows);
  });

  it("pages the list by name: page and per_page, within upstream's bounds", async () => {
    const prefix = freshName("Paged");
    for (const n of [3, 1, 2]) await createReport({ name: `${prefix} ${n}` });
    const all = (await api("GET", "/reports?per_page=500")).body.reports.map((report: { name: string }) => report.name);
    const ours = all.filter((name: string) => name.startsWith(prefix));
    expect(ours).toEqual([`${prefix} 1`, `${prefix} 2`, `${prefix} 3`]);
    const start = all.indexOf(`${prefix} 1`);
    const page = (await api("GET", `/reports?page=${start + 2}&per_page=1`)).body.reports.map((report: { name: string }) => report.name);
    expect(page).toEqual([`${prefix} 2`]);
    expect((await api("GET", "/reports?per_page=501")).status).toBe(400);
    expect((await api("GET", "/reports?page=0")).status).toBe(400);
  });

  it("documents page and per_page as query parameters in the OpenAPI document", async () => {
    const { body } = await api("GET", "/openapi.json");
    const parameters = body.paths["/reports"].get.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, p.in, p.required]);
    expect(parameters).toEqual([
      ["page", "query", false],
      ["per_page", "query", false],
    ]);
    const get = body.paths["/reports/{report_id}"].get.parameters.map((p: { name: string; in: string }) => [p.name, p.in]);
    expect(get).toEqual([
      ["report_id", "path"],
      ["include_query_capabilities", "query"],
    ]);
  });
});

describe("reports: config validation", () => {
  async function rejected(config: Record<string, unknown>) {
    const { report_id } = await createReport();
    const { status, body } = await api("POST", `/reports/${report_id}/versions`, { config });
    expect(status).toBe(422);
    expect((await api("GET", `/reports/${report_id}`)).body.version).toBe(1);
    return body.error.fields as { field: string; rule: string; message: string }[];
  }
  const panel = (fields: Record<string, unknown>) => ({ rows: [{ name: "r", panels: [{ type: "table", cypher: "RETURN 1 AS one", ...fields }] }] });
  const input = (cypher: string) => ({ inputs: [{ input_id: "pick", label: "Pick", type: "autocomplete", cypher }] });

  it.each([
    [
      "refuses a panel query that writes, naming its path and the rule",
      panel({ cypher: "CREATE (n:Oops) RETURN n" }),
      [["config.rows.0.panels.0.cypher", "write_clause"]],
    ],
    [
      "refuses a details query and an input query that break the read-only rules",
      { ...input("LOAD CSV FROM 'file:///x' AS row RETURN row AS value"), ...panel({ details_cypher: "MATCH (n) DETACH DELETE n" }) },
      [
        ["config.inputs.0.cypher", "load_csv"],
        ["config.rows.0.panels.0.details_cypher", "write_clause"],
      ],
    ],
    [
      "reports a named query's error once, at its key",
      { queries: { bad: "MATCH (n) SET n.x = 1 RETURN n" }, ...panel({ cypher: "bad" }) },
      [["config.queries.bad", "write_clause"]],
    ],
    [
      "refuses a parameter the panel does not declare, and any parameter in an input's query",
      { ...input("RETURN $q AS value"), ...panel({ cypher: "RETURN $missing AS x" }) },
      [
        ["config.inputs.0.cypher", "undeclared_parameter"],
        ["config.rows.0.panels.0.cypher", "undeclared_parameter"],
      ],
    ],
  ])("%s", async (_behaviour, config, expected) => {
    const fields = await rejected(config);
    expect(fields.map((field) => [field.field, field.rule])).toEqual(expected);
  });

  it("reports a syntax error from Neo4j with its position", async () => {
    const fields = await rejected(panel({ cypher: "RETURN 1 +" }));
    expect(fields[0]).toMatchObject({ field: "config.rows.0.panels.0.cypher", rule: "syntax", line: 1 });
  });

  it.each([
    ["a top-level panels list", { panels: [] }, "config", "unrecognized_keys"],
    ["a panel's legacy size", panel({ size: 4 }), "config.rows.0.panels.0", "unrecognized_keys"],
    ["an unknown panel type", panel({ type: "heatmap" }), "config.rows.0.panels.0.type", "invalid_value"],
    ["a panel wider than 12 columns", panel({ w: 13 }), "config.rows.0.panels.0.w", "too_big"],
    ["a panel past the grid's right edge", panel({ x: 8, w: 6 }), "config.rows.0.panels.0.w", "custom"],
    ["a markdown panel without markdown", { rows: [{ name: "r", panels: [{ type: "markdown" }] }] }, "config.rows.0.panels.0.markdown", "custom"],
    ["a query panel without cypher", { rows: [{ name: "r", panels: [{ type: "count" }] }] }, "config.rows.0.panels.0.cypher", "custom"],
    ["a param from an input that does not exist", panel({ params: [{ name: "a", input_id: "nope" }] }), "config.rows.0.panels.0.params.0.input_id", "custom"],
    ["a param with both input_id and value", panel({ params: [{ name: "a", input_id: "x", value: 1 }] }), "config.rows.0.panels.0.params.0", "custom"],
    ["an autocomplete input without cypher", { inputs: [{ input_id: "a", label: "A", type: "autocomplete" }] }, "config.inputs.0.cypher", "custom"],
    ["schema_version 2", { schema_version: 2 }, "config.schema_version", "invalid_value"],
  ])("refuses %s, naming the field", async (_what, config, field, rule) => {
    const fields = await rejected(config);
    expect(fields[0]).toMatchObject({ field, rule });
  });
});

describe("reports: access", () => {
  it("hides a private report from everyone but its owner", async () => {
    const { report_id } = await createReport();
    const other = reportsAs("someone-else");
    await expect(other.get(report_id)).rejects.toThrow(`report ${report_id} does not exist`);
    await expect(other.saveVersion(report_id, { config: { schema_version: 1, name: "x", queries: {}, inputs: [], rows: [] } })).rejects.toThrow(
      "does not exist",
    );
    expect((await other.list()).some((report) => report.report_id === report_id)).toBe(false);
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    expect((await other.get(report_id)).access).toEqual({ scope: "public" });
    expect((await other.list()).some((report) => report.report_id === report_id)).toBe(true);
  });

  it("lets only the owner change who can see a report, and answers 403 to anyone else", async () => {
    const { report_id } = await createReport();
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    await expect(reportsAs("someone-else").setAccess(report_id, "private")).rejects.toThrow(
      `Only the owner of report ${report_id} (local-admin) may change who can see it`,
    );
    expect((await api("GET", `/reports/${report_id}`)).body.access).toEqual({ scope: "public" });
  });

  it("changes visibility without a new version", async () => {
    const { report_id } = await createReport();
    const published = await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    expect(published.body).toMatchObject({ access: { scope: "public" }, current_version: 1 });
    const unchanged = await api("PUT", `/reports/${report_id}/visibility`, {});
    expect(unchanged.body.access).toEqual({ scope: "public" });
  });

  it("pins only a public report, and will not make a pinned one private (400)", async () => {
    const { report_id } = await createReport();
    const privatePin = await api("PUT", `/reports/${report_id}/pin`, { pinned: true });
    expect(privatePin.status).toBe(400);
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    expect((await api("PUT", `/reports/${report_id}/pin`, { pinned: true })).body).toEqual({ report_id, pinned: true });
    const unpublish = await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "private" } });
    expect(unpublish.status).toBe(400);
    expect(unpublish.body.error.message).toContain("unpin it");
    await api("PUT", `/reports/${report_id}/pin`, { pinned: false });
    expect((await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "private" } })).body.access).toEqual({ scope: "private" });
  });
});

describe("reports: the dashboard", () => {
  it("must be a public report (400), and keeps the dashboard public", async () => {
    const { report_id } = await createReport();
    expect((await api("PUT", `/reports/${report_id}/dashboard`)).status).toBe(400);
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    expect((await api("PUT", `/reports/${report_id}/dashboard`)).body).toEqual({ report_id });
    expect((await api("GET", "/reports/dashboard")).body).toMatchObject({ report_id, version: 1 });
    const unpublish = await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "private" } });
    expect(unpublish.status).toBe(400);
    expect(unpublish.body.error.message).toContain("is the dashboard");
  });

  it("is cleared when its report is deleted", async () => {
    const { report_id } = await createReport();
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    await api("PUT", `/reports/${report_id}/dashboard`);
    await api("DELETE", `/reports/${report_id}`);
    const { status, body } = await api("GET", "/reports/dashboard");
    expect(status).toBe(404);
    expect(body.error.message).toContain("No dashboard is set");
  });
});
