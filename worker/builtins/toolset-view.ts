// The built-in tools shown on the toolsets API as the read-only `seizu` toolset.
import type { BuiltinTool } from "./registry";

export const BUILTIN_TOOLSET = { id: "seizu", name: "Seizu built-in tools", description: "Tools Seizu provides: the graph, toolsets and roles. Defined in definitions/*.yaml; not editable here." };

export function builtinToolsetView(tools: BuiltinTool[]) {
  return { ...BUILTIN_TOOLSET, enabled: tools.length > 0, built_in: true };
}

export function builtinToolView(tool: BuiltinTool) {
  const annotations = tool.definition.annotations!;
  return {
    id: tool.name,
    toolset_id: BUILTIN_TOOLSET.id,
    mcp_name: tool.name,
    name: tool.definition.title ?? tool.operation.summary,
    description: tool.definition.description ?? tool.operation.summary,
    enabled: true,
    built_in: true,
    group: tool.group,
    operation: tool.operation.operationId,
    permission: tool.operation.permission ?? null,
    annotations: { readOnlyHint: annotations.readOnly, destructiveHint: annotations.destructive, idempotentHint: annotations.idempotent, openWorldHint: annotations.openWorld ?? false },
  };
}
