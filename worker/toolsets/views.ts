// The JSON shapes of toolsets and tools on the REST API (and MCP built-ins).
import type { Head } from "../store/versioned-store";
import { versionMeta } from "../kit/views";
import type { ToolBody, ToolsetBody } from "./schemas";

/** The MCP tool name of a user-defined tool. */
export const mcpToolName = (toolsetId: string, toolId: string) => `${toolsetId}__${toolId}`;

// toolset_id, tool_id and current_version repeat id and version under upstream Seizu's names.
export function toolsetView(head: Head<ToolsetBody>) {
  return { id: head.id, toolset_id: head.id, ...head.body, built_in: false, ...versionMeta(head), current_version: head.version };
}

export function toolView(head: Head<ToolBody>) {
  return {
    id: head.id,
    tool_id: head.id,
    toolset_id: head.parentId,
    mcp_name: mcpToolName(head.parentId, head.id),
    ...head.body,
    ...versionMeta(head),
    current_version: head.version,
  };
}
