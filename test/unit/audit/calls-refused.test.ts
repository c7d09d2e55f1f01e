// Calls refused for a missing permission, recorded through the real queue: the permission check
// of a REST route (http/authorize.ts) and of an MCP tool (mcp/server.ts) runs after the call's
// recording began. The pool runs every request as the local admin, so these requests come
// through the Worker's own routes and MCP server with a viewer established in front of them.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../../worker/auth/principal";
import type { AppEnv } from "../../../worker/http/app-env";
import { errorResponse } from "../../../worker/http/error-response";
import { mcp } from "../../../worker/http/mcp-endpoint";
import { restRoutes } from "../../../worker/http/rest-routes";
import { OPERATIONS } from "../../../worker/operations";
import { eventsOf, freshAgent } from "../../support/audit-calls";
import { mcpRequest } from "../../support/mcp-request";
import { createTool, createToolset } from "../../support/toolsets";

const viewer: Principal = {
  subject: "vera",
  roles: ["seizu-viewer"],
  permissions: new Set(["tools:call"]),
  tokenDigest: "vera-token-digest",
  profile: { sub: "vera", iss: "https://login.example", email: null, display_name: "Vera", preferred_username: null, role: "seizu-viewer", issued_at: null },
};

const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set("principal", viewer);
    c.set("db", env.DB as never);
    await next();
  })
  .route("/api/v1", restRoutes(OPERATIONS))
  .route("/api/v1", mcp);
app.onError(errorResponse);

async function send(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("calls refused for a missing permission", () => {
  it("REST: records a graph query the caller may not run as forbidden, under the caller's name", async () => {
    const agent = freshAgent();
    const response = await send(
      new Request("http://seizu.test/api/v1/graph/query", {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": agent },
        body: JSON.stringify({ cypher: "RETURN 1 AS one" }),
      }),
    );
    expect(response.status).toBe(403);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "graph_query", outcome: "forbidden", principal_subject: "vera", principal_name: "Vera", rows: null });
  });

  it("MCP: records a built-in tool the caller may not call as forbidden", async () => {
    const agent = freshAgent();
    const request = mcpRequest("tools/call", { name: "graph__query", arguments: { query: "RETURN 1 AS one" } }, "http://seizu.test/api/v1/mcp");
    request.headers.set("user-agent", agent);
    const reply = (await (await send(request)).json()) as { error?: { code: number } };
    expect(reply.error?.code).toBe(-32602);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "graph_query", outcome: "forbidden", target: "graph__query", principal_subject: "vera" });
  });

  it("MCP: records a user tool the caller may call as ok, under the caller's name", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const agent = freshAgent();
    const request = mcpRequest("tools/call", { name: `${toolset.id}__${tool.id}`, arguments: {} }, "http://seizu.test/api/v1/mcp");
    request.headers.set("user-agent", agent);
    await send(request);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "tool_call", outcome: "ok", principal_subject: "vera", principal_roles: '["seizu-viewer"]' });
  });
});
