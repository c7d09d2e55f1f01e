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

describe("the rest of the Insights schema, refused at load with file, key path and line", () => {
  /** The definitions of a group holding one tool: `tool` holds its lines after `operation`, indented by four. */
  const file = (group: string, key: string, operation: string, tool: string, head = "") => ({
    [group]: `category: Test\nfeature: ${group}\n${head}tools:\n  ${key}:\n    operation: ${operation}\n    enabled: false\n${tool}`,
  });

  const refusals = [
    {
      refuses: "response_type with the reason it does not apply here",
      files: file("graph", "schema", "graph_schema", "    response_type: Schemas.Schema\n"),
      error:
        "definitions/graph.yaml:7: tools.schema.response_type: does not apply here: Insights types the handler code it generates with it, and these tools are not generated code",
    },
    {
      refuses: "requires_ai_consent with the reason it does not apply here",
      files: file("graph", "query", "graph_query", "    requires_ai_consent: true\n"),
      error:
        "definitions/graph.yaml:7: tools.query.requires_ai_consent: does not apply here: it holds a tool until an organisation consents to AI data processing, and Seizu Edge has no such consent",
    },
    {
      refuses: "a confirmed_action placeholder that names no argument of the tool",
      files: file("toolsets", "delete", "toolsets_delete", "    confirmed_action:\n      message: Delete {toolset} now?\n"),
      error:
        "definitions/toolsets.yaml:8: tools.delete.confirmed_action.message: {toolset} names no argument of toolsets__delete (arguments: toolset_id), so it would be shown as written",
    },
    {
      refuses: "enrich_url in a file without url_prefix",
      files: file("toolsets", "get", "toolsets_get", '    enrich_url: "{id}"\n'),
      error: "definitions/toolsets.yaml:7: tools.get.enrich_url: needs the file's url_prefix, the admin UI path it is appended to",
    },
    {
      refuses: "a url_prefix that is not an admin UI path",
      files: file("toolsets", "get", "toolsets_get", "", "url_prefix: https://elsewhere.example/toolsets\n"),
      error: "definitions/toolsets.yaml:3: url_prefix: must be an admin UI path: /toolsets",
    },
    {
      refuses: "an enrich_url placeholder that is neither a field of the items nor a path parameter",
      files: file("toolsets", "list_versions", "toolsets_versions", '    list: true\n    enrich_url: "{toolset}/history"\n', "url_prefix: /toolsets\n"),
      error:
        "definitions/toolsets.yaml:9: tools.list_versions.enrich_url: {toolset} is neither a field of the items of toolsets_versions's result (fields: version, author, created_by, created_at, comment, definition) nor a path parameter of toolsets_versions (toolset_id)",
    },
    {
      refuses: "an enrich_url that is not path segments of words and placeholders",
      files: file("toolsets", "get", "toolsets_get", '    enrich_url: "/{id}?tab=x"\n', "url_prefix: /toolsets\n"),
      error: "definitions/toolsets.yaml:8: tools.get.enrich_url: must be path segments under url_prefix",
    },
    {
      refuses: "response.include that leaves out the link enrich_url adds",
      files: file("toolsets", "get", "toolsets_get", '    enrich_url: "{id}"\n    response: { include: [id, name] }\n', "url_prefix: /toolsets\n"),
      error: "definitions/toolsets.yaml:9: tools.get.response.include: leaves out ui_url, the link enrich_url adds to each item: add it",
    },
    {
      refuses: "an input_schema that worker/builtins/tool-inputs.ts does not export",
      files: file("workflows", "create", "workflows_create", "    param_overrides: { stages: { input_schema: WorkflowSteps } }\n"),
      error:
        "definitions/workflows.yaml:7: tools.create.param_overrides.stages.input_schema: WorkflowSteps is not a schema of worker/builtins/tool-inputs.ts (schemas: WorkflowStages)",
    },
    {
      refuses: "a named schema whose example the operation's own schema of that field refuses",
      files: file("scheduled_queries", "create", "scheduled_queries_create", "    param_overrides:\n      actions:\n        input_schema: WorkflowStages\n"),
      error:
        "definitions/scheduled_queries.yaml:9: tools.create.param_overrides.actions.input_schema: WorkflowStages's example 1 is refused by scheduled_queries_create's own schema: actions.0.action_type:",
    },
    {
      refuses: "param_overrides of a field the operation does not take",
      files: file("workflows", "create", "workflows_create", "    param_overrides:\n      steps:\n        description: The steps\n"),
      error: "definitions/workflows.yaml:9: tools.create.param_overrides.steps: is not a field of workflows_create (fields: name, schedule,",
    },
    {
      refuses: "input_schema beside include_params, exclude_params or param_overrides, which it leaves nothing to act on",
      files: file("graph", "query", "graph_query", "    input_schema: WorkflowStages\n    exclude_params: [parameters]\n"),
      error:
        "definitions/graph.yaml:8: tools.query.exclude_params: has nothing to act on with input_schema, which names every argument: describe them in that schema",
    },
    {
      refuses: "a whole input_schema that is not an object of arguments",
      files: file("workflows", "create", "workflows_create", "    input_schema: WorkflowStages\n"),
      error: "definitions/workflows.yaml:7: tools.create.input_schema: WorkflowStages is not an object of arguments",
    },
  ];

  it.each(refusals.map(({ refuses, files, error }) => [`refuses ${refuses}`, files, error] as const))("%s", (_behaviour, files, error) => {
    expect(() => parseDefinitionFiles(files)).toThrow(error);
  });

  it("takes confirmed_action placeholders that name arguments, renamed ones included", () => {
    const files = file(
      "toolsets",
      "create",
      "toolsets_create",
      "    param_renames: { id: toolset_id }\n    confirmed_action:\n      message: Create {toolset_id} ({name})?\n",
    );
    expect(() => parseDefinitionFiles(files)).not.toThrow();
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
