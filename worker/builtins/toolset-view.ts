// The built-in tools shown on the toolsets API as the read-only `seizu` toolset.
import type { BuiltinToolsetView, BuiltinToolView } from "../operations/responses";
import { BUILTIN_TOOLSET_ID } from "../toolsets/schemas";
import type { BuiltinTool } from "./builtin-tool";
import { annotationsOf, builtinShape, requiresConfirmation } from "./tool-shape";

const BUILTIN_TOOLSET = { id: BUILTIN_TOOLSET_ID, name: "Seizu built-in tools" };

/** Names the groups the toolset holds, read from its tools, so a new group is named without anyone editing a sentence. */
function descriptionOf(tools: BuiltinTool[]): string {
  const groups = [...new Set(tools.map((tool) => tool.group))];
  const held =
    groups.length > 0
      ? `Tools Seizu provides, in the groups ${groups.join(", ")} (each name is also a toolsets= filter of the MCP endpoint).`
      : "Tools Seizu provides; MCP_ENABLED_BUILTINS enables none of their groups.";
  return `${held} Defined in definitions/*.yaml; not editable here.`;
}

export function builtinToolsetView(tools: BuiltinTool[]): BuiltinToolsetView {
  // Upstream Seizu's form of a built-in toolset's id (`__builtin_<group>__`), so its clients leave
  // the toolset out of an export as they do their own built-ins.
  return {
    ...BUILTIN_TOOLSET,
    description: descriptionOf(tools),
    toolset_id: `__builtin_${BUILTIN_TOOLSET.id}__`,
    enabled: tools.length > 0,
    built_in: true,
  };
}

interface SchemaProperty {
  type?: string | string[];
  enum?: unknown[];
  items?: SchemaProperty;
  description?: string;
  anyOf?: SchemaProperty[];
}

/** A JSON Schema property's type in a few words: `string`, `array of string`, `"a" | "b"`. */
function typeText(property: SchemaProperty): string {
  if (property.enum) return property.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (property.anyOf) return property.anyOf.map(typeText).join(" | ");
  const type = Array.isArray(property.type) ? property.type.join(" | ") : (property.type ?? "any");
  return type === "array" && property.items ? `array of ${typeText(property.items)}` : type;
}

/** The MCP tool's arguments, as its input schema describes them to MCP clients. */
function parametersOf(tool: BuiltinTool) {
  const schema = builtinShape(tool).inputSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, SchemaProperty>).map(([name, property]) => ({
    name,
    type: typeText(property),
    required: required.has(name),
    description: property.description ?? "",
  }));
}

export function builtinToolView(tool: BuiltinTool): BuiltinToolView {
  return {
    id: tool.name,
    tool_id: tool.name,
    toolset_id: BUILTIN_TOOLSET.id,
    mcp_name: tool.name,
    name: tool.definition.title ?? tool.operation.summary,
    description: tool.definition.description ?? tool.operation.summary,
    enabled: true,
    built_in: true,
    group: tool.group,
    operation: tool.operation.operationId,
    permission: tool.operation.permission ?? null,
    annotations: annotationsOf(tool) as Record<string, boolean>,
    parameters: parametersOf(tool),
    requires_confirmation: requiresConfirmation(tool),
  };
}
