// REST calls recorded through the real queue by the operation runner (http/rest-routes.ts):
// tool calls, graph queries and report panel queries, refused or answered, once each.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { eventsOf, freshAgent } from "../../support/audit-calls";
import { createReport, everyPanel, saveConfig } from "../../support/reports";
import { createTool, createToolset } from "../../support/toolsets";

const as = (agent: string, vars?: Record<string, string>) => ({ headers: { "user-agent": agent }, ...(vars ? { vars } : {}) });

describe("REST calls in the audit log", () => {
  it("records a tool call under the tool's MCP name, with the route as its action", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: "UNWIND range(1, $n) AS i RETURN i", parameters: [{ name: "n", type: "integer" }] });
    const agent = freshAgent();
    const { status } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: { n: 2 } }, as(agent));
    expect(status).toBe(200);
    const [event, ...more] = await eventsOf(agent);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      kind: "tool_call",
      action: "POST /api/v1/toolsets/{toolset_id}/tools/{tool_id}/call",
      outcome: "ok",
      via: "rest",
      principal_subject: "local-admin",
      target: `${toolset.id}__${tool.id}`,
      resource_type: "tool",
      resource_id: `${toolset.id}/${tool.id}`,
      resource_version: tool.current_version,
      rows: 2,
      truncated: 0,
    });
    expect(event!.detail).toEqual({ arguments: { n: 2 } });
    expect(event!.neo4j_ms).toBeGreaterThan(0);
  });

  it("records a graph query with the route as action and target", async () => {
    const agent = freshAgent();
    expect((await api("POST", "/graph/query", { cypher: "RETURN 1 AS one" }, as(agent))).status).toBe(200);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "graph_query", action: "POST /api/v1/graph/query", target: "/api/v1/graph/query", outcome: "ok", rows: 1 });
    expect(event!.detail.arguments).toMatchObject({ cypher: "RETURN 1 AS one" });
  });

  it("records a body that breaks the schema as invalid", async () => {
    const agent = freshAgent();
    expect((await api("POST", "/graph/query", { cypher: 42 }, as(agent))).status).toBe(422);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "graph_query", outcome: "invalid", rows: null });
  });

  it("records a query past Neo4j's time limit as timed_out", async () => {
    const agent = freshAgent();
    const slow = "UNWIND range(1, 100000000) AS i WITH i WHERE i % 7 = 99 RETURN count(*) AS n";
    const { status } = await api("POST", "/graph/query", { cypher: slow }, as(agent, { NEO4J_QUERY_TIMEOUT_SECONDS: "1" }));
    expect(status).toBe(504);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "timed_out" });
  });

  it("records a report panel query with the report and version, never its capability", async () => {
    const { report_id } = await createReport();
    const saved = await saveConfig(report_id, everyPanel);
    const { body } = await api("GET", `/reports/${report_id}?include_query_capabilities=true`);
    const capability = body.query_capabilities["rows.1.panels.0.cypher"] as string;
    const agent = freshAgent();
    expect((await api("POST", "/query/report", { capability, params: { kind: "host" } }, as(agent))).status).toBe(200);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "report_query", outcome: "ok", resource_type: "report", resource_id: report_id, resource_version: saved.version });
    expect(event!.detail.arguments).toEqual({ kind: "host" });
    expect(event!.detail_text).not.toContain(capability.split(".")[1]);
  });

  it("records a tampered report capability as forbidden", async () => {
    const { report_id } = await createReport();
    await saveConfig(report_id, everyPanel);
    const { body } = await api("GET", `/reports/${report_id}?include_query_capabilities=true`);
    const [payload] = (body.query_capabilities["rows.1.panels.0.cypher"] as string).split(".");
    const agent = freshAgent();
    expect((await api("POST", "/query/report", { capability: `${payload}.forged`, params: {} }, as(agent))).status).toBe(403);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "report_query", outcome: "forbidden" });
  });

  it("records a call refused by the rate limit, before anything ran", async () => {
    const agent = freshAgent();
    const limited = as(agent, { RATE_LIMITS_ENABLED: "true" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push(
        (await api("POST", "/graph/validate", { cypher: "RETURN 1" }, { ...limited, headers: { ...limited.headers, authorization: `Bearer ${agent}` } }))
          .status,
      );
    expect(statuses).toContain(429);
    const events = await eventsOf(agent, 6);
    expect(events).toHaveLength(6);
    expect(events.filter((event) => event.outcome === "rate_limited")).toHaveLength(statuses.filter((status) => status === 429).length);
  });
});
