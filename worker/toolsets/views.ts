// The JSON shapes of toolsets and tools on the REST API (and MCP built-ins).
import type { Head } from "../store/versioned-store";
import { versionMeta } from "../kit/views";
import type { ToolBody, ToolsetBody } from "./schemas";

/** The MCP tool name of a user-defined tool. */
export const mcpToolName = (toolsetId: string, toolId: string) => `${toolsetId}__${toolId}`;

export function toolsetView(head: Head<ToolsetBody>) {
  return { id: head.id, ...head.body, built_in: false, ...versionMeta(head) };
}

export function toolView(head: Head<ToolBody>) {
  return { id: head.id, toolset_id: head.parentId, mcp_name: mcpToolName(head.parentId, head.id), ...head.body, ...versionMeta(head) };
}
