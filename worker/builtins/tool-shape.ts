// A built-in tool's arguments: its operation's path parameters and body fields, narrowed,
// renamed and described as its definition says, as one JSON Schema object (what MCP clients
// see, and the toolsets API shows), with the way back from each argument to its field.
import type { Tool, ToolAnnotations } from "@modelcontextprotocol/server";
import { operationFields } from "./operation-fields";
import type { BuiltinTool } from "./registry";

export interface ToolShape {
  inputSchema: Tool["inputSchema"];
  /** The operation field each MCP argument fills (`param_renames` read backwards). */
  fieldOf: Map<string, string>;
  /** The fields that are parameters (of the path, or the query string), not body fields. */
  pathNames: Set<string>;
  /** The MCP argument name of each operation field. */
  argumentOf: (field: string) => string;
}

function shapeOf(tool: BuiltinTool): ToolShape {
  const { include_params: include, exclude_params: exclude, param_overrides: overrides, param_renames: renames = {} } = tool.definition;
  const { params, body } = operationFields(tool.operation);
  const argumentOf = (field: string) => renames[field] ?? field;
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  const fieldOf = new Map<string, string>();
  for (const source of [params, body]) {
    for (const [name, property] of Object.entries(source.properties ?? {})) {
      const pathParameter = source === params && tool.operation.path.includes(`{${name}}`);
      // Path parameters are always arguments; query and body fields may be left out.
      if (!pathParameter && ((include && !include.includes(name)) || exclude?.includes(name))) continue;
      const description = overrides?.[name]?.description;
      properties[argumentOf(name)] = description ? { ...property, description } : property;
      fieldOf.set(argumentOf(name), name);
      if (source.required?.includes(name)) required.push(argumentOf(name));
    }
  }
  const inputSchema = {
    type: "object",
    properties: properties as Record<string, object>,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  } as Tool["inputSchema"];
  return { inputSchema, fieldOf, pathNames: new Set(Object.keys(params.properties ?? {})), argumentOf };
}

/** JSON Schema conversion is not free: each built-in tool's shape is derived once per isolate. */
const shapes = new WeakMap<BuiltinTool, ToolShape>();

export function builtinShape(tool: BuiltinTool): ToolShape {
  let shape = shapes.get(tool);
  if (!shape) {
    shape = shapeOf(tool);
    shapes.set(tool, shape);
  }
  return shape;
}

/** The definition's annotations in MCP's words. */
export function annotationsOf(tool: BuiltinTool): ToolAnnotations {
  const annotations = tool.definition.annotations!;
  return {
    readOnlyHint: annotations.readOnly,
    destructiveHint: annotations.destructive,
    idempotentHint: annotations.idempotent,
    openWorldHint: annotations.openWorld ?? false,
  };
}

/** A built-in that writes needs a person's approval unless its definition says otherwise. */
export const requiresConfirmation = (tool: BuiltinTool) => tool.definition.requires_confirmation ?? !tool.definition.annotations!.readOnly;
