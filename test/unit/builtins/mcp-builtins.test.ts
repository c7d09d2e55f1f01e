import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";
import { mcp } from "../../support/mcp-app";

const app = createApp();

describe("built-in tools on /api/v1/mcp", () => {
  it("lists every enabled group's tools as {group}__{action} with their annotations", async () => {
    const { result } = await mcp("tools/list");
    const names = result.tools.map((tool: { name: string }) => tool.name);
    expect(names).not.toContain("toolsets__import");
    const remove = result.tools.find((tool: { name: string }) => tool.name === "toolsets__delete_tool");
    expect(remove.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(remove._meta).toMatchObject({ toolset_id: "seizu", tags: ["builtin", "toolsets"], group: "toolsets", operation: "toolsets_tool_delete" });
    expect(remove.inputSchema).toMatchObject({
      type: "object",
      properties: { toolset_id: { type: "string" }, tool_id: { type: "string" } },
      required: ["toolset_id", "tool_id"],
    });
  });

  it("names its built-ins as upstream Seizu does", async () => {
    const { result } = await mcp("tools/list");
    const builtIns = result.tools
      .filter((tool: { _meta: { toolset_id: string } }) => tool._meta.toolset_id === "seizu")
      .map((tool: { name: string }) => tool.name);
    expect(builtIns.sort()).toEqual(
      [
        "graph__schema",
        "graph__validate_query",
        "graph__explain",
        "graph__query",
        "toolsets__list",
        "toolsets__get",
        "toolsets__create",
        "toolsets__update",
        "toolsets__delete",
        "toolsets__list_versions",
        "toolsets__get_version",
        "toolsets__restore",
        "toolsets__export",
        "toolsets__list_tools",
        "toolsets__get_tool",
        "toolsets__create_tool",
        "toolsets__update_tool",
        "toolsets__delete_tool",
        "toolsets__list_tool_versions",
        "toolsets__get_tool_version",
        "toolsets__restore_tool",
        "roles__me",
        "roles__list",
        "roles__list_builtin",
        "roles__get",
        "roles__create",
        "roles__update",
        "roles__delete",
        "roles__list_versions",
        "roles__get_version",
        "roles__restore",
        "reports__list",
        "reports__get",
        "reports__get_dashboard",
        "reports__list_versions",
        "reports__get_version",
        "reports__create",
        "reports__create_version",
        "reports__restore",
        "reports__clone",
        "reports__update_visibility",
        "reports__pin",
        "reports__set_dashboard",
        "reports__delete",
        "spaces__list",
        "spaces__get",
        "spaces__get_tree",
        "spaces__list_subspaces",
        "spaces__create",
        "spaces__update",
        "spaces__set_overview",
        "spaces__create_subspace",
        "spaces__update_subspace",
        "spaces__delete",
        "spaces__delete_subspace",
        "spaces__set_report_space",
        "skillsets__list",
        "skillsets__get",
        "skillsets__create",
        "skillsets__update",
        "skillsets__delete",
        "skillsets__list_versions",
        "skillsets__get_version",
        "skillsets__restore",
        "skillsets__list_skills",
        "skillsets__get_skill",
        "skillsets__create_skill",
        "skillsets__update_skill",
        "skillsets__delete_skill",
        "skillsets__render_skill",
        "skillsets__list_skill_versions",
        "skillsets__get_skill_version",
        "skillsets__restore_skill",
        "skillsets__export",
        "plugins__list",
        "plugins__validate",
        "plugins__install",
        "plugins__get",
        "plugins__set_enabled",
        "plugins__delete",
        "plugins__publish",
        "plugins__restore",
        "plugins__list_skills",
        "plugins__get_skill",
        "plugins__set_skill_enabled",
        "plugins__list_versions",
        "plugins__list_files",
        "plugins__download",
        "workflows__list",
        "workflows__get",
        "workflows__list_versions",
        "workflows__get_version",
        "workflows__create",
        "workflows__update",
        "workflows__delete",
        "workflows__run",
        "workflows__list_runs",
        "workflows__get_run",
        "scheduled_queries__list",
        "scheduled_queries__get",
        "scheduled_queries__list_versions",
        "scheduled_queries__get_version",
        "scheduled_queries__create",
        "scheduled_queries__update",
        "scheduled_queries__delete",
        "scheduled_queries__run",
      ].sort(),
    );
  });

  it.each([
    ["toolsets__create", ["toolset_id", "name", "description", "enabled", "comment"], ["toolset_id", "name"]],
    [
      "toolsets__create_tool",
      ["toolset_id", "tool_id", "name", "description", "cypher", "parameters", "enabled", "cache_ttl_seconds", "comment"],
      ["toolset_id", "tool_id", "name", "cypher"],
    ],
    ["roles__create", ["name", "description", "permissions", "comment"], ["name", "permissions"]],
    ["graph__validate_query", ["query"], ["query"]],
    ["graph__explain", ["query"], ["query"]],
    ["graph__query", ["query", "parameters"], ["query"]],
    ["workflows__create", ["name", "schedule", "watch_scans", "enabled", "stages", "trigger_workflows", "comment"], ["name", "stages"]],
    [
      "workflows__update",
      ["workflow_id", "name", "schedule", "watch_scans", "enabled", "stages", "trigger_workflows", "comment", "base_version"],
      ["workflow_id", "name", "stages"],
    ],
    ["workflows__run", ["workflow_id"], ["workflow_id"]],
    ["scheduled_queries__create", ["name", "cypher", "params", "frequency", "schedule", "watch_scans", "enabled", "actions", "comment"], ["name", "cypher"]],
  ])("takes upstream's argument names: %s", async (name, properties, required) => {
    const { result } = await mcp("tools/list");
    const tool = result.tools.find((candidate: { name: string }) => candidate.name === name);
    expect(Object.keys(tool.inputSchema.properties).sort()).toEqual([...properties].sort());
    expect([...tool.inputSchema.required].sort()).toEqual([...required].sort());
  });

  it("runs graph__query with its query argument", async () => {
    const { result } = await mcp("tools/call", { name: "graph__query", arguments: { query: "RETURN $n AS n", parameters: { n: 7 } } });
    expect(result.structuredContent).toEqual({ results: [{ n: 7 }] });
  });

  it("names the tool's argument, not the REST field, in validation errors", async () => {
    const { result } = await mcp("tools/call", { name: "graph__validate_query", arguments: { query: "" } });
    expect(result).toMatchObject({ isError: true, content: [{ text: "Invalid input: query: must not be empty" }] });
  });

  it("computes the confirmation target from a renamed id: toolsets__create_tool's tool_id", async () => {
    const toolset = freshId("renamed");
    expect((await api("POST", "/toolsets", { id: toolset, name: "Renamed" })).status).toBe(201);
    const { result } = await mcp("tools/call", {
      name: "toolsets__create_tool",
      arguments: { toolset_id: toolset, tool_id: "new_tool", name: "New", cypher: "RETURN 1" },
    });
    expect(result.structuredContent.confirmation).toMatchObject({
      tool: "toolsets__create_tool",
      target: `/toolsets/${toolset}/tools/new_tool`,
      target_name: `new tool ${toolset}/new_tool ("New")`,
      arguments: { tool_id: "new_tool" },
    });
  });

  it("holds toolsets__delete for the person's approval, like every destructive built-in", async () => {
    const id = freshId("deleteme");
    expect((await api("POST", "/toolsets", { id, name: "Delete me" })).status).toBe(201);
    const asked = await mcp("tools/call", { name: "toolsets__delete", arguments: { toolset_id: id } });
    expect(asked.result.structuredContent).toMatchObject({
      confirmation_required: true,
      confirmation: { tool: "toolsets__delete", target: `/toolsets/${id}` },
    });
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(200);
    await api("POST", `/confirmations/${asked.result.structuredContent.confirmation.id}/approve`);
    const ran = await mcp("tools/call", { name: "toolsets__delete", arguments: { toolset_id: id } });
    expect(ran.result.structuredContent).toEqual({ done: true });
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("lists the built-in roles with roles__list_builtin", async () => {
    const { result } = await mcp("tools/call", { name: "roles__list_builtin", arguments: {} });
    expect(result.structuredContent.roles.map((role: { id: string }) => role.id)).toEqual(["seizu-viewer", "seizu-editor", "seizu-admin"]);
    expect(result.structuredContent.roles.every((role: { built_in: boolean }) => role.built_in)).toBe(true);
  });

  it("builds a tool's input from the operation's path parameters and body", async () => {
    const { result } = await mcp("tools/list");
    const update = result.tools.find((tool: { name: string }) => tool.name === "toolsets__update_tool");
    expect(Object.keys(update.inputSchema.properties).sort()).toEqual([
      "base_version",
      "cache_ttl_seconds",
      "comment",
      "cypher",
      "description",
      "enabled",
      "name",
      "parameters",
      "tool_id",
      "toolset_id",
    ]);
    expect(update.inputSchema.required.sort()).toEqual(["tool_id", "toolset_id"]);
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
    const args = { toolset_id: id, name: "Made over MCP" };
    const asked = await mcp("tools/call", { name: "toolsets__create", arguments: args });
    expect(asked.result.structuredContent).toMatchObject({
      confirmation_required: true,
      confirmation: { status: "pending", tool: "toolsets__create", target: `/toolsets/${id}` },
    });
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
    expect((await api("POST", `/confirmations/${asked.result.structuredContent.confirmation.id}/approve`)).body.status).toBe("approved");
    const { result } = await mcp("tools/call", { name: "toolsets__create", arguments: args });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id, name: "Made over MCP", version: 1, created_by: "local-admin" });
    expect((await api("GET", `/toolsets/${id}`)).body.name).toBe("Made over MCP");
  });

  it("validates a write's arguments before asking for approval", async () => {
    const tool = await mcp("tools/call", { name: "toolsets__create_tool", arguments: { toolset_id: "t", tool_id: "Bad Id", name: "Bad", cypher: "RETURN 1" } });
    expect(tool.result.isError).toBe(true);
    expect(tool.result.content[0].text).toContain("tool_id: must be lower_snake_case");
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

describe("MCP_TOOL_RESULT_MAX_ROWS / _BYTES on built-in lists", () => {
  async function sevenToolsets() {
    for (let i = 0; i < 7; i++) await api("POST", "/toolsets", { id: freshId("bounded"), name: `Bounded ${i}` });
    return (await api("GET", "/toolsets")).body.toolsets.length as number;
  }

  it("cuts the list field at the row limit and says so, with the real total", async () => {
    const total = await sevenToolsets();
    const { result } = await mcp("tools/call", { name: "toolsets__list", arguments: {} }, { MCP_TOOL_RESULT_MAX_ROWS: "3" });
    expect(result.structuredContent).toMatchObject({ truncated: true, truncated_reasons: ["row_limit"], returned: 3, total_rows: total, max_rows: 3 });
    expect(result.structuredContent.toolsets).toHaveLength(3);
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  });

  it("keeps the serialised result within the byte limit, dropping trailing items", async () => {
    const total = await sevenToolsets();
    const { result } = await mcp("tools/call", { name: "toolsets__list", arguments: {} }, { MCP_TOOL_RESULT_MAX_BYTES: "600" });
    const text = result.content[0].text as string;
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(600);
    expect(result.structuredContent).toMatchObject({ truncated: true, truncated_reasons: ["byte_limit"], total_rows: total, max_bytes: 600 });
    expect(result.structuredContent.toolsets.length).toBe(result.structuredContent.returned);
    expect(result.structuredContent.returned).toBeGreaterThan(0);
  });

  it("answers an error naming the REST route when not even one item fits", async () => {
    await sevenToolsets();
    const { result } = await mcp("tools/call", { name: "toolsets__list", arguments: {} }, { MCP_TOOL_RESULT_MAX_BYTES: "200" });
    expect(result).toMatchObject({ isError: true });
    expect(result.content[0].text).toMatch(
      /^The result of toolsets__list is \d+ bytes, over MCP_TOOL_RESULT_MAX_BYTES \(200\), and not even one item of its list fits/,
    );
    expect(result.content[0].text).toContain("Get it in full from the REST API: GET /api/v1/toolsets.");
  });

  it("leaves a list within the limits unchanged", async () => {
    const { result } = await mcp("tools/call", { name: "roles__list_builtin", arguments: {} }, { MCP_TOOL_RESULT_MAX_ROWS: "3" });
    expect(Object.keys(result.structuredContent)).toEqual(["roles"]);
  });
});

describe("the built-in toolset on the toolsets API", () => {
  it("shows seizu as a built-in toolset with its tools", async () => {
    const { body } = await api("GET", "/toolsets/seizu");
    expect(body).toMatchObject({ id: "seizu", built_in: true, enabled: true });
    const tools = (await api("GET", "/toolsets/seizu/tools")).body.tools;
    expect(tools.find((tool: { id: string }) => tool.id === "graph__query")).toMatchObject({
      built_in: true,
      group: "graph",
      operation: "graph_query",
      permission: "query:execute",
    });
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
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; tags: string[]; "x-permission": string | null }>>;
    };
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(["toolsets_list", "toolsets_tool_call", "graph_query", "roles_create"]),
    );
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    const create = document.paths["/toolsets/{toolset_id}/tools"]!.post!;
    expect(create).toMatchObject({ tags: ["toolsets"], "x-permission": "tools:write" });
    expect(JSON.stringify(create)).toContain("lower_snake_case");
  });
});

function exportsFetch(path: string) {
  return app.fetch(new Request(`http://seizu.test${path}`), env);
}
