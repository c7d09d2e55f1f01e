// Every error kind through both edges: a REST route answers the status, code and details the
// error table gives it, and an MCP tools/call the tool error result or JSON-RPC error.
import { createMcpHandler, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../../worker/http/app-env";
import { ForbiddenError, IdentityProviderUnavailableError, UnauthenticatedError } from "../../../worker/auth/errors";
import { LOCAL_ADMIN } from "../../../worker/auth/principal";
import { ConfigError } from "../../../worker/config";
import {
  BadRequestError,
  ConflictError,
  NotAllowedError,
  NotFoundError,
  PlanRejectedError,
  RateLimitedError,
  ValidationError,
} from "../../../worker/errors/domain";
import { ERROR_KINDS, reportOf } from "../../../worker/operations/error-table";
import { errorResponse } from "../../../worker/http/error-response";
import { restRoutes } from "../../../worker/http/rest-routes";
import { parseFilters } from "../../../worker/mcp/filters";
import { buildMcpServer } from "../../../worker/mcp/server";
import type { McpTool } from "../../../worker/mcp/tool";
import { Neo4jError, Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "../../../worker/neo4j/errors";
import { defineOperation } from "../../../worker/operations/operation";
import { mcpRequest } from "../../support/mcp-request";

const SAMPLES: [string, Error][] = [
  ["unauthenticated", new UnauthenticatedError("A Bearer token is required", "missing_token")],
  ["identity provider down", new IdentityProviderUnavailableError("The identity provider cannot be reached")],
  ["forbidden", new ForbiddenError("toolsets:write")],
  ["not allowed", new NotAllowedError("Only the owner of report x may change who can see it")],
  ["validation", new ValidationError([{ field: "name", rule: "too_small", message: "must not be empty" }])],
  ["plan rejected", new PlanRejectedError({ message: "The plan scans every node", max_estimated_rows: 9 })],
  ["bad request", new BadRequestError("The request body is not valid JSON")],
  ["not found", new NotFoundError("toolset x does not exist")],
  ["conflict", new ConflictError("toolset x already exists")],
  ["rate limited", new RateLimitedError("calls", "Rate limit reached: too many tool and graph calls", 60)],
  ["Neo4j client error", new Neo4jError("Neo.ClientError.Statement.SyntaxError", "Invalid input")],
  ["Neo4j time limit", new Neo4jError("Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration", "timed out")],
  ["Neo4j server error", new Neo4jError("Neo.DatabaseError.General.UnknownError", "boom")],
  ["Neo4j too slow", new Neo4jTimeoutError("Neo4j did not answer within 32 s")],
  ["Neo4j unreachable", new Neo4jUnavailableError("connection refused")],
  ["Neo4j nonsense", new Neo4jProtocolError("not the Query API's format")],
  ["configuration", new ConfigError("Invalid configuration: NEO4J_URL: must be an absolute URL")],
  ["a bug", new TypeError("undefined is not a function")],
];

/** A REST route and an MCP tool that both throw the error. */
function throwing(error: Error) {
  const operation = defineOperation({
    operationId: "test_throw",
    group: "test",
    method: "get",
    path: "/throw",
    summary: "Throws",
    response: null,
    run: async () => Promise.reject(error),
  });
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("principal", LOCAL_ADMIN);
      await next();
    })
    .route("/", restRoutes([operation]))
    .onError(errorResponse);
  const tool: McpTool = {
    definition: { name: "test__throw", inputSchema: { type: "object" } },
    toolsetId: "test",
    tags: [],
    permission: undefined,
    budget: undefined,
    call: async () => Promise.reject(error),
  };
  const source = { list: async () => [tool], find: async () => tool, toolsetNames: async () => ["test"] };
  return { app, source };
}

async function mcpCall(source: ReturnType<typeof throwing>["source"]) {
  const request = mcpRequest("tools/call", { name: "test__throw", arguments: {} });
  const handler = createMcpHandler(() => buildMcpServer([source], parseFilters(request.url), LOCAL_ADMIN));
  return (await (await handler.fetch(request)).json()) as {
    result?: { isError?: boolean; content: { text: string }[]; structuredContent?: unknown };
    error?: { code: number; message: string };
  };
}

describe("the error table", () => {
  it("has a sample here for every kind it knows", () => {
    const covered = new Set(SAMPLES.map(([, error]) => ERROR_KINDS.find((kind) => error instanceof kind.type)));
    for (const kind of ERROR_KINDS) expect(covered.has(kind), kind.type.name).toBe(true);
  });

  it.each(SAMPLES)("reports %s alike on REST and MCP", async (_name, error) => {
    const report = reportOf(error);
    const { app, source } = throwing(error);

    const response = await app.fetch(new Request("http://seizu.test/throw"), env);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(response.status).toBe(report.status);
    expect(body.error).toEqual({ code: report.code, message: report.known ? error.message : "Internal error", ...report.details });
    if (error instanceof UnauthenticatedError) expect(response.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=/);
    for (const [name, value] of Object.entries(report.headers ?? {})) expect(response.headers.get(name)).toBe(value);

    const reply = await mcpCall(source);
    if ("result" in report.mcp) {
      expect(reply.result?.isError).toBe(true);
      expect(reply.result?.content[0]?.text).toBe(report.mcp.result);
      if (report.mcp.structured) expect(reply.result?.structuredContent).toEqual(report.mcp.structured);
    } else {
      expect(reply.error?.code).toBe(report.mcp.jsonrpc);
      expect(reply.error?.message).toContain(report.known ? error.message : "Internal error");
    }
  });

  it("never shows a bug's own message, on either edge", async () => {
    const { app, source } = throwing(new Error("secret internals"));
    expect(JSON.stringify(await (await app.fetch(new Request("http://seizu.test/throw"), env)).json())).not.toContain("secret");
    const reply = await mcpCall(source);
    expect(reply.error).toMatchObject({ code: ProtocolErrorCode.InternalError });
    expect(JSON.stringify(reply)).not.toContain("secret");
  });
});
