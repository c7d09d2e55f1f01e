// A bypass of the result cache by a caller who may not edit what runs: the operations and the MCP
// tool source run as a viewer (seizu-viewer's permissions: tools:call and reports:read, neither
// tools:write nor reports:write), who gets the cached answer.
import { env } from "cloudflare:workers";
import type { ServerContext } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { BUILT_IN_ROLES } from "../../../worker/auth/permissions";
import { LOCAL_ADMIN } from "../../../worker/auth/principal";
import { loadConfig } from "../../../worker/config";
import { userToolSource } from "../../../worker/mcp/user-tools";
import { neo4jClient } from "../../../worker/neo4j/connect";
import type { Operation, OperationContext } from "../../../worker/operations/operation";
import { reportOperations } from "../../../worker/operations/reports";
import { resultLimits } from "../../../worker/operations/services";
import { toolsetOperations } from "../../../worker/operations/toolsets";
import { api } from "../../support/api";
import { recordNeo4jRequests, runsOf } from "../../support/neo4j-requests";
import { createReport, reportsAs, saveConfig } from "../../support/reports";
import { createTool, createToolset } from "../../support/toolsets";
import { AuditTrail } from "../../../worker/audit/trail";

const unique = (cypher: string) => `${cypher} // ${crypto.randomUUID()}`;
const viewerPermissions = new Set(BUILT_IN_ROLES.get("seizu-viewer")?.permissions);
const config = loadConfig(env);

/** The context a REST request of a viewer asking for no-cache gets. */
function viewerContext(subject: string): OperationContext {
  return {
    env,
    config,
    principal: { ...LOCAL_ADMIN, subject, roles: ["seizu-viewer"], permissions: viewerPermissions },
    request: new Request("http://seizu.test/api/v1/x", { method: "POST", headers: { "cache-control": "no-cache" } }),
    db: env.DB,
    builtins: { toolset: () => ({}) as never, tools: () => [] },
    background: () => undefined,
    audit: AuditTrail.off,
    responseHeaders: new Headers(),
  };
}
const operation = (operations: Operation[], id: string) => operations.find((candidate) => candidate.operationId === id) as Operation;

describe("a bypass asked by a caller who may not edit", () => {
  it("is the cached answer for a tool called through the API (no Neo4j query)", async () => {
    expect(viewerPermissions.has("tools:call") && !viewerPermissions.has("tools:write")).toBe(true);
    const toolset = await createToolset();
    const cypher = unique("RETURN rand() AS r");
    const tool = await createTool(toolset.id, { cypher, cache_ttl_seconds: 60 });
    const first = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, {});
    const ctx = viewerContext("viewer-tool");
    const call = operation(toolsetOperations, "toolsets_tool_call");
    const { result, requests } = await recordNeo4jRequests(() =>
      call.run(ctx, { params: { toolset_id: toolset.id, tool_id: tool.id }, body: { arguments: {} } }),
    );
    expect(runsOf(requests, cypher)).toBe(0);
    expect(result).toEqual(first.body);
    expect(ctx.responseHeaders?.get("x-seizu-cache")).toBe("hit");
  });

  it("is the cached answer for a tool called over MCP", async () => {
    const toolset = await createToolset();
    const cypher = unique("RETURN rand() AS r");
    const tool = await createTool(toolset.id, { cypher, cache_ttl_seconds: 60 });
    const source = userToolSource({
      db: env.DB,
      neo4j: neo4jClient(config),
      allowedProcedures: config.QUERY_VALIDATOR_ALLOWED_PROCEDURES,
      limits: resultLimits(config),
      cache: { database: config.NEO4J_DATABASE, background: () => undefined, permissions: viewerPermissions },
      definitionCacheSeconds: 0,
    });
    const found = await source.find(`${toolset.id}__${tool.id}`);
    const noCache = { mcpReq: { _meta: { cache_control: "no-cache" } } } as unknown as ServerContext;
    const first = await found?.call({}, noCache);
    const { result: second, requests } = await recordNeo4jRequests(async () => found?.call({}, noCache));
    expect(first?._meta).toMatchObject({ cache: { status: "miss" } });
    expect(second?._meta).toMatchObject({ cache: { status: "hit" } });
    expect(second?.structuredContent).toEqual(first?.structuredContent);
    expect(runsOf(requests, cypher)).toBe(0);
  });

  it("is the cached answer for a report query", async () => {
    expect(viewerPermissions.has("reports:read") && !viewerPermissions.has("reports:write")).toBe(true);
    const cypher = unique("RETURN rand() AS r");
    const { report_id } = await createReport();
    await saveConfig(report_id, { cache_ttl_seconds: 60, rows: [{ name: "Row", panels: [{ type: "count", cypher }] }] });
    await api("PUT", `/reports/${report_id}/visibility`, { access: { scope: "public" } });
    const capability = (await reportsAs("viewer-report").get(report_id, undefined, true)).query_capabilities?.["rows.0.panels.0.cypher"] as string;
    const query = operation(reportOperations, "reports_query");
    const first = await query.run(viewerContext("viewer-report"), { params: undefined, body: { capability, params: {} } });
    const ctx = viewerContext("viewer-report");
    const { result, requests } = await recordNeo4jRequests(() => query.run(ctx, { params: undefined, body: { capability, params: {} } }));
    expect(runsOf(requests, cypher)).toBe(0);
    expect(result).toEqual(first);
    expect(ctx.responseHeaders?.get("x-seizu-cache")).toBe("hit");
  });
});
