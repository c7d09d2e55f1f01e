import { describe, expect, it } from "vitest";
import type { Operation } from "../../../worker/operations/operation";
import { OPERATIONS } from "../../../worker/operations";
import { authenticatedRoutes } from "../../../worker/app";
import type { PermissionMiddleware } from "../../../worker/http/authorize";
import { enabledGroups } from "../../../worker/builtins/enabled-groups";
import { parseDefinitionFile } from "../../../worker/builtins/load-definitions";
import { builtinTools, DEFINITION_FILES, definitionDrift, parseDefinitionFiles } from "../../../worker/builtins/registry";

describe("definitions/*.yaml against the REST operations", () => {
  it("cover every operation of every group, with no stale entries (the CI drift check)", () => {
    expect(definitionDrift(OPERATIONS, parseDefinitionFiles(DEFINITION_FILES))).toEqual([]);
  });

  it("fail the check when a REST operation is added without a definition", () => {
    const added: Operation = { ...OPERATIONS[0]!, operationId: "toolsets_frobnicate", path: "/toolsets/frobnicate" };
    expect(definitionDrift([...OPERATIONS, added], parseDefinitionFiles(DEFINITION_FILES))).toEqual([
      "definitions/toolsets.yaml has no entry for operation toolsets_frobnicate (run npm run definitions:sync)",
    ]);
  });

  it("fail the check for a definition whose operation no longer exists", () => {
    const remaining = OPERATIONS.filter((operation) => operation.operationId !== "graph_explain");
    expect(definitionDrift(remaining, parseDefinitionFiles(DEFINITION_FILES))).toEqual([
      "definitions/graph.yaml: explain names operation graph_explain, which is not an operation of group graph (stale: run npm run definitions:sync)",
    ]);
  });

  it("fail the check when scopes differ from the operation's permission", () => {
    const files = parseDefinitionFiles({ ...DEFINITION_FILES, graph: DEFINITION_FILES.graph!.replace("scopes: [query:execute]", "scopes: [query:validate]") });
    expect(definitionDrift(OPERATIONS, files)).toEqual([
      `definitions/graph.yaml: query scopes ["query:validate"] differ from graph_query's permission ["query:execute"]`,
    ]);
  });

  it("fail the check for param_renames of a field the operation does not take, or onto one it does", () => {
    const files = parseDefinitionFiles({
      ...DEFINITION_FILES,
      graph: DEFINITION_FILES.graph!.replace(
        "param_renames: { cypher: query }\n  explain:",
        "param_renames: { cypher: query, statement: text }\n  explain:",
      ).replace("param_renames: { cypher: query }\n    param_overrides", "param_renames: { cypher: parameters }\n    param_overrides"),
    });
    expect(definitionDrift(OPERATIONS, files)).toEqual([
      "definitions/graph.yaml: validate_query param_renames.statement: is not a field of graph_validate_query (fields: cypher)",
      "definitions/graph.yaml: query param_renames.cypher: parameters is already a field of graph_query",
    ]);
  });

  it("fail the check for a list whose result has several list fields and no list_key naming one", () => {
    const files = parseDefinitionFiles({ ...DEFINITION_FILES, roles: DEFINITION_FILES.roles!.replace("    list_key: roles\n", "") });
    expect(definitionDrift(OPERATIONS, files)).toEqual([
      "definitions/roles.yaml: list list: the result of roles_list has several list fields (roles, permissions): name those to cut with list_key",
    ]);
  });

  it("fail the check for a list_key naming a field of the result that is not a list", () => {
    const files = parseDefinitionFiles({
      ...DEFINITION_FILES,
      graph: DEFINITION_FILES.graph!.replace("list_key: [labels, relationship_types, property_keys, indexes]", "list_key: [labels, nope]"),
    });
    expect(definitionDrift(OPERATIONS, files)).toEqual([
      "definitions/graph.yaml: schema list_key nope is not a list field of graph_schema's result (list fields: labels, relationship_types, property_keys, indexes)",
    ]);
  });

  it("reject an unknown key with the file, the key and its line", () => {
    const text = "category: Graph\nfeature: graph\ntools:\n  schema:\n    operation: graph_schema\n    enabled: false\n    colour: red\n";
    expect(() => parseDefinitionFile("definitions/graph.yaml", text)).toThrow("definitions/graph.yaml:7: tools.schema.colour: Unrecognized key");
  });

  it("require scopes and annotations on enabled tools, naming the line", () => {
    const text = "category: Graph\nfeature: graph\ntools:\n  schema:\n    operation: graph_schema\n    enabled: true\n";
    expect(() => parseDefinitionFile("definitions/graph.yaml", text)).toThrow(/definitions\/graph\.yaml:5: tools\.schema\.scopes: is required when enabled/);
  });
});

describe("built-in tool permissions", () => {
  it("equal their REST route's permission, for every built-in tool", () => {
    const routePermission = new Map<string, string | undefined>();
    for (const route of authenticatedRoutes.routes) {
      const permission = (route.handler as Partial<PermissionMiddleware>).permission;
      const key = `${route.method} ${route.path}`;
      if (!routePermission.has(key) || permission) routePermission.set(key, permission ?? routePermission.get(key));
    }
    const tools = builtinTools();
    expect(tools.length).toBeGreaterThan(20);
    for (const tool of tools) {
      const key = `${tool.operation.method.toUpperCase()} ${tool.operation.path.replace(/\{(\w+)\}/g, ":$1")}`;
      expect(routePermission.has(key), key).toBe(true);
      expect(tool.operation.permission, tool.name).toBe(routePermission.get(key));
      expect(tool.definition.scopes, tool.name).toEqual(tool.operation.permission ? [tool.operation.permission] : []);
    }
  });
});

describe("MCP_ENABLED_BUILTINS", () => {
  const known = ["graph", "toolsets", "roles", "sandbox"];
  it.each([
    ["all", ["graph", "toolsets", "roles"]],
    ["none", []],
    ["graph, roles", ["graph", "roles"]],
    ["sandbox,graph", ["graph"]],
  ])("%j enables %j and never the sandbox", (setting, groups) => {
    expect([...enabledGroups(setting, known)].sort()).toEqual([...groups].sort());
  });
});
