// The JSON shapes of toolsets, tools and versions on the REST API (and MCP built-ins).
import type { Head, VersionEntry } from "../store/versioned-store";
import type { ToolBody, ToolsetBody } from "./schemas";

/** The MCP tool name of a user-defined tool. */
export const mcpToolName = (toolsetId: string, toolId: string) => `${toolsetId}__${toolId}`;

function meta<T>(head: Head<T>) {
  return { version: head.version, created_at: head.createdAt, created_by: head.createdBy, updated_at: head.updatedAt, updated_by: head.updatedBy };
}

export function toolsetView(head: Head<ToolsetBody>) {
  return { id: head.id, ...head.body, built_in: false, ...meta(head) };
}

export function toolView(head: Head<ToolBody>) {
  return { id: head.id, toolset_id: head.parentId, mcp_name: mcpToolName(head.parentId, head.id), ...head.body, ...meta(head) };
}

export function versionView<T>(entry: VersionEntry<T>) {
  return { version: entry.version, author: entry.author, created_at: entry.createdAt, comment: entry.comment, definition: entry.body };
}
