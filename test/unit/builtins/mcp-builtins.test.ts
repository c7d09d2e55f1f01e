import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { freshId } from "../../support/toolsets";

const app = createApp();

async function mcp(method: string, params: Record<string, unknown> = {}, vars: Record<string, string> = {}) {
  const response = await app.fetch(mcpRequest(method, params), { ...env, ...vars });
  return (await response.json()) as { result?: any; error?: { code: number; message: string } };
}

describe("built-in tools on /api/v1/mcp", () => {
  it("lists every enabled group's tools as {group}__{action} with their annotations", async () => {
    const { result } = await mcp("tools/list");
    const names = result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["graph__schema", "graph__validate_query", "graph__explain", "graph__query", "toolsets__list", "toolsets__tool_create", "roles__list", "roles__me"]));
    expect(names).not.toContain("toolsets__import");
    const remove = result.tools.find((tool: { name: string }) => tool.name === "toolsets__tool_delete");
    expect(remove.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(remove._meta).toMatchObject({ toolset_id: "seizu", tags: ["builtin", "toolsets"], group: "toolsets", operation: "toolsets_tool_delete" });
    expect(remove.inputSchema).toMatchObject({ type: "object", properties: { toolset_id: { type: "string" }, tool_id: { type: "string" } }, required: ["toolset_id", "tool_id"] });
    expect(names).toEqual(expect.arrayContaining(["toolsets__delete_prepare", "toolsets__delete_execute"]));
    expect(names).not.toContain("toolsets__delete");
  });

  it("builds a tool's input from the operation's path parameters and body", async () => {
    const { result } = await mcp("tools/list");
    const update = result.tools.find((tool: { name: string }) => tool.name === "toolsets__tool_update");
    expect(Object.keys(update.inputSchema.properties).sort()).toEqual(["base_version", "comment", "cypher", "description", "enabled", "name", "parameters", "tool_id", "toolset_id"]);
    expect(update.inputSchema.required.sort()).toEqual(["base_version", "tool_id", "toolset_id"]);
  });

  it("honours MCP_ENABLED_BUILTINS", async () => {
    const graphOnly = await mcp("tools/list", {}, { MCP_ENABLED_BUILTINS: "graph" });
    const builtIns = graphOnly.result.tools.filter((tool: { _meta: { toolset_id: string } }) => tool._meta.toolset_id === "seizu");
    expect(builtIns.map((tool: { name: string }) => tool.name).sort()).toEqual(["graph__explain", "graph__query", "graph__schema", "graph__validate_query"]);
    const none = await mcp("tools/list", {}, { MCP_ENABLED_BUILTINS: "none" });
    expect(none.result.tools.some((tool: { _meta: { toolset_id: string } }) => tool._meta.toolset_id === "seizu")).toBe(false);
    const call = await mcp("tools/call", { name: "graph__schema", arguments: {} }, { MCP_ENABLED_BUILTINS: "none" });
    expect(call.error?.code).toBe(-32602);
  });

  it("runs the same service as the REST route once approved: toolsets__create then REST sees it", async () => {
    const id = freshId("viamcp");
    const args = { id, name: "Made over MCP" };
    const asked = await mcp("tools/call", { name: "toolsets__create", arguments: args });
    expect(asked.result.structuredContent).toMatchObject({ confirmation_required: true, confirmation: { status: "pending", tool: "toolsets__create", target: `/toolsets/${id}` } });
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
    expect((await api("POST", `/confirmations/${asked.result.structuredContent.confirmation.id}/approve`)).body.status).toBe("approved");
    const { result } = await mcp("tools/call", { name: "toolsets__create", arguments: args });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id, name: "Made over MCP", version: 1, created_by: "local-admin" });
    expect((await api("GET", `/toolsets/${id}`)).body.name).toBe("Made over MCP");
  });

  it("validates a write's arguments before asking for approval", async () => {
    const tool = await mcp("tools/call", { name: "toolsets__tool_create", arguments: { toolset_id: "t", id: "Bad Id", name: "Bad", cypher: "RETURN 1" } });
    expect(tool.result.isError).toBe(true);
    expect(tool.result.content[0].text).toContain("lower_snake_case");
  });

  it("returns errors a model can act on: unknown arguments, missing ids", async () => {
    const unknown = await mcp("tools/call", { name: "toolsets__get", arguments: { toolset_id: "x", colour: "red" } });
    expect(unknown.result.isError).toBe(true);
    expect(unknown.result.content[0].text).toContain("colour");
    const missing = await mcp("tools/call", { name: "toolsets__get", arguments: { toolset_id: "no_such_toolset" } });
    expect(missing.result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("does not exist") }] });
  });

  it("answers roles__me with the caller", async () => {
    const { result } = await mcp("tools/call", { name: "roles__me", arguments: {} });
    expect(result.structuredContent).toMatchObject({ subject: "local-admin", roles: ["seizu-admin"] });
  });
});

describe("the built-in toolset on the toolsets API", () => {
  it("shows seizu as a built-in toolset with its tools", async () => {
    const { body } = await api("GET", "/toolsets/seizu");
    expect(body).toMatchObject({ id: "seizu", built_in: true, enabled: true });
    const tools = (await api("GET", "/toolsets/seizu/tools")).body.tools;
    expect(tools.find((tool: { id: string }) => tool.id === "graph__query")).toMatchObject({ built_in: true, group: "graph", operation: "graph_query", permission: "query:execute" });
    expect((await api("GET", "/toolsets/seizu/tools/graph__query")).body.mcp_name).toBe("graph__query");
  });

  it.each([
    ["PATCH", "/toolsets/seizu", { name: "Mine", base_version: 1 }],
    ["DELETE", "/toolsets/seizu", undefined],
    ["POST", "/toolsets/seizu/tools", { id: "extra", name: "Extra", cypher: "RETURN 1" }],
    ["DELETE", "/toolsets/seizu/tools/graph__query", undefined],
    ["POST", "/toolsets/seizu/versions/1/restore", {}],
  ])("refuses %s %s with 409", async (method, path, body) => {
    const { status, body: reply } = await api(method, path, body);
    expect(status).toBe(409);
    expect(reply.error.message).toContain("built-in toolset");
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("documents every operation with its operationId, group and permission", async () => {
    const response = await exportsFetch("/api/v1/openapi.json");
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; tags: string[]; "x-permission": string | null }>> };
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((operation) => operation.operationId)).toEqual(expect.arrayContaining(["toolsets_list", "toolsets_tool_call", "graph_query", "roles_create"]));
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    const create = document.paths["/toolsets/{toolset_id}/tools"]!.post!;
    expect(create).toMatchObject({ tags: ["toolsets"], "x-permission": "tools:write" });
    expect(JSON.stringify(create)).toContain("lower_snake_case");
  });
});

function exportsFetch(path: string) {
  return app.fetch(new Request(`http://seizu.test${path}`), env);
}
