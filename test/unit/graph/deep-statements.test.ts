// The issue's statement, 4,000 nested parentheses in 8 KB, overflows Neo4j's parser stack: Neo4j
// never answers it, and a dozen in parallel take the server down. Every path that sends Cypher to
// Neo4j refuses it with the rule named, before any round trip. Requests that could reach Neo4j
// go to a server that never answers (with a 1 s limit): an answer naming the rule proves none did.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { createReport, saveConfig } from "../../support/reports";
import { createTool, createToolset } from "../../support/toolsets";

const DEEP = `RETURN ${"(".repeat(4000)}1${")".repeat(4000)} AS x`;
const SILENT_NEO4J = { NEO4J_URL: env.FAULTY_NEO4J_URL, NEO4J_DATABASE: "silent", NEO4J_QUERY_TIMEOUT_SECONDS: "1", NEO4J_EXPLAIN_TIMEOUT_SECONDS: "1" };

const refusedRules = (body: any): string[] => body.error.fields.map((field: { rule: string }) => field.rule);

async function mcpCall(name: string, args: Record<string, unknown>) {
  const response = await createApp().fetch(mcpRequest("tools/call", { name, arguments: args }), { ...env, ...SILENT_NEO4J });
  return ((await response.json()) as { result: { isError?: boolean; content: { text: string }[]; structuredContent?: any } }).result;
}

describe("the issue's 8 KB of nested parentheses, on every path to Neo4j", () => {
  it("POST /graph/validate answers at once that it is not valid, naming the rule", async () => {
    const { status, body } = await api("POST", "/graph/validate", { cypher: DEEP }, { vars: SILENT_NEO4J });
    expect(status).toBe(200);
    expect(body.valid).toBe(false);
    expect(body.errors.map((issue: { rule: string }) => issue.rule)).toContain("nesting_too_deep");
  });

  it.each(["/graph/explain", "/graph/query"])("POST %s answers 422 naming the rule", async (path) => {
    const { status, body } = await api("POST", path, { cypher: DEEP }, { vars: SILENT_NEO4J });
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(422);
    expect(refusedRules(body)).toContain("nesting_too_deep");
  });

  it("MCP graph__validate_query and graph__query refuse it, naming the rule", async () => {
    expect((await mcpCall("graph__validate_query", { query: DEEP })).structuredContent.errors[0].rule).toBe("nesting_too_deep");
    const query = await mcpCall("graph__query", { query: DEEP });
    expect(query.isError).toBe(true);
    expect(query.content[0]!.text).toMatch(/^Invalid input: query: Brackets, CASE expressions and unary operators \(NOT, -, \+\) nest more than 32 deep/);
  });

  it("saving a tool refuses it with 422 on its cypher", async () => {
    const toolset = await createToolset();
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools`, { id: "deep", name: "Deep", cypher: DEEP }, { vars: SILENT_NEO4J });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "cypher", rule: "nesting_too_deep" });
  });

  it("calling a tool whose saved Cypher was forced deep in D1 refuses it, naming the rule", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    await env.DB.prepare("UPDATE definitions SET body = json_set(body, '$.cypher', ?) WHERE kind = 'tool' AND parent_id = ? AND id = ?")
      .bind(DEEP, toolset.id, tool.id)
      .run();
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} }, { vars: SILENT_NEO4J });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({
      field: "cypher",
      rule: "nesting_too_deep",
      message: expect.stringContaining("the saved query breaks the rule"),
    });
  });

  it("saving a report panel refuses it with 422 at the panel's path", async () => {
    const report = await createReport();
    const config = { schema_version: 1, name: "", queries: {}, inputs: [], rows: [{ name: "Row", panels: [{ type: "count", cypher: DEEP, w: 3, x: 0 }] }] };
    const { status, body } = await api("POST", `/reports/${report.report_id}/versions`, { config }, { vars: SILENT_NEO4J });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "config.rows.0.panels.0.cypher", rule: "nesting_too_deep" });
  });

  it("a report panel query whose stored Cypher was forced deep in D1 is refused, naming the rule", async () => {
    const report = await createReport();
    const config = {
      schema_version: 1,
      name: "",
      queries: {},
      inputs: [],
      rows: [{ name: "Row", panels: [{ type: "count", cypher: "RETURN 1 AS total", w: 3, x: 0 }] }],
    };
    await saveConfig(report.report_id, config);
    // Reports run the text of their saved version.
    for (const table of ["definitions", "definition_versions"])
      await env.DB.prepare(`UPDATE ${table} SET body = json_set(body, '$.rows[0].panels[0].cypher', ?) WHERE kind = 'report' AND id = ?`)
        .bind(DEEP, report.report_id)
        .run();
    const read = await api("GET", `/reports/${report.report_id}?include_query_capabilities=true`);
    const capability = read.body.query_capabilities["rows.0.panels.0.cypher"];
    const { status, body } = await api("POST", "/query/report", { capability, params: {} }, { vars: SILENT_NEO4J });
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(422);
    expect(refusedRules(body)).toContain("nesting_too_deep");
  });

  it("saving a workflow's query activity refuses it at the activity's path", async () => {
    const stages = [{ activities: [{ type: "query", output: "rows", parameters: { cypher: DEEP } }] }];
    const { status, body } = await api("POST", "/workflows", { name: `Deep ${Date.now()}`, stages }, { vars: SILENT_NEO4J });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "stages.0.activities.0.parameters.cypher", rule: "nesting_too_deep" });
  });
});
