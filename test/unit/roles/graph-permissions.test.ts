// Upstream Seizu gates graph__schema, graph__query, graph__validate_query and graph__explain on
// query:execute: a role written for upstream with query:execute alone reaches all four here.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Permission } from "../../../worker/auth/permissions";
import type { BuiltinTool } from "../../../worker/builtins/builtin-tool";
import { builtinTools } from "../../../worker/builtins/registry";
import { permissionsOf } from "../../../worker/roles/permissions-of";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";

async function grantsOf(permissions: string[]) {
  const id = freshId("graph").replaceAll("_", "-");
  expect((await api("POST", "/roles", { id, permissions })).status).toBe(201);
  return permissionsOf(env.DB, [id], 0);
}

const graphTools = () => builtinTools().filter((tool) => tool.group === "graph");
const grants = (granted: Set<Permission>, tool: BuiltinTool) => tool.operation.permission !== undefined && granted.has(tool.operation.permission);

describe("graph permissions as upstream grants them", () => {
  it("lets a holder of query:execute alone call all four graph tools", async () => {
    const granted = await grantsOf(["query:execute"]);
    const tools = graphTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["graph__explain", "graph__query", "graph__schema", "graph__validate_query"]);
    for (const tool of tools) expect(grants(granted, tool), tool.name).toBe(true);
  });

  it("keeps query:validate granting the schema, validation and explain, but not running a query", async () => {
    const granted = await grantsOf(["query:validate"]);
    const allowed = graphTools().filter((tool) => grants(granted, tool));
    expect(allowed.map((tool) => tool.name).sort()).toEqual(["graph__explain", "graph__schema", "graph__validate_query"]);
  });
});
