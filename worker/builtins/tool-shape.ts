// A built-in tool's arguments: its operation's path parameters and body fields, narrowed,
// renamed and described as its definition says, as one JSON Schema object (what MCP clients
// see, and the toolsets API shows), with the way back from each argument to its field. A
// hand-written schema the definition names (tool-inputs.ts) shows one argument, or the whole
// input, in place of the derived one.
import type { Tool, ToolAnnotations } from "@modelcontextprotocol/server";
import { inputJsonSchema, type ObjectSchema, operationFields } from "./operation-fields";
import type { BuiltinTool } from "./builtin-tool";

export interface ToolShape {
  inputSchema: Tool["inputSchema"];
  /** The operation field each MCP argument fills (`param_renames` read backwards). */
  fieldOf: Map<string, string>;
  /** The fields that are parameters (of the path, or the query string), not body fields. */
  pathNames: Set<string>;
  /** The MCP argument name of each operation field. */
  argumentOf: (field: string) => string;
}

interface Arguments {
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  /** The operation field of each argument. */
  fieldOf: Map<string, string>;
}

/** The arguments a hand-written whole input (`input_schema`) shows; renamed fields keep their argument names. */
function namedArguments(tool: BuiltinTool, whole: ObjectSchema): Arguments {
  const fieldOfArgument = new Map(Object.entries(tool.definition.param_renames ?? {}).map(([field, argument]) => [argument, field]));
  const properties = whole.properties ?? {};
  return {
    properties,
    required: whole.required ?? [],
    fieldOf: new Map(Object.keys(properties).map((argument) => [argument, fieldOfArgument.get(argument) ?? argument])),
  };
}

/** The operation's fields as arguments, narrowed, renamed and described as the definition says. */
function derivedArguments(tool: BuiltinTool, argumentOf: (field: string) => string): Arguments {
  const { include_params: include, exclude_params: exclude, param_overrides: overrides } = tool.definition;
  const { params, body } = operationFields(tool.operation);
  const named = tool.inputs?.fields ?? {};
  const found: Arguments = { properties: {}, required: [], fieldOf: new Map() };
  for (const source of [params, body]) {
    for (const [name, derived] of Object.entries(source.properties ?? {})) {
      const pathParameter = source === params && tool.operation.path.includes(`{${name}}`);
      // Path parameters are always arguments; query and body fields may be left out.
      if (!pathParameter && ((include && !include.includes(name)) || exclude?.includes(name))) continue;
      const property = named[name] ? inputJsonSchema(named[name]) : derived;
      const description = overrides?.[name]?.description;
      found.properties[argumentOf(name)] = description ? { ...property, description } : property;
      found.fieldOf.set(argumentOf(name), name);
      if (source.required?.includes(name) || tool.definition.require_params?.includes(name)) found.required.push(argumentOf(name));
    }
  }
  return found;
}

function shapeOf(tool: BuiltinTool): ToolShape {
  const renames = tool.definition.param_renames ?? {};
  const argumentOf = (field: string) => renames[field] ?? field;
  const whole = tool.inputs?.whole;
  const { properties, required, fieldOf } = whole ? namedArguments(tool, inputJsonSchema(whole) as ObjectSchema) : derivedArguments(tool, argumentOf);
  const inputSchema = {
    type: "object",
    properties: properties as Record<string, object>,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  } as Tool["inputSchema"];
  return { inputSchema, fieldOf, pathNames: new Set(Object.keys(tool.operation.params?.shape ?? {})), argumentOf };
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
