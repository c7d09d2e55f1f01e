// A tool as the MCP endpoint serves it, whatever its source (user toolsets, built-ins).
import type { CallToolResult, ServerContext, Tool } from "@modelcontextprotocol/server";
import type { CallKind } from "../audit/call";
import type { AuditEvent } from "../audit/event";
import type { Permission } from "../auth/permissions";
import type { Budget } from "../limits/budgets";

export interface McpTool {
  /** What tools/list shows: name, title, description, inputSchema, annotations, _meta. */
  definition: Tool;
  /** The toolset the tool belongs to (`seizu` for built-ins); filters match on it. */
  toolsetId: string;
  /** A built-in tool's group (graph, roles, ...), which filters match too. */
  group?: string;
  tags: string[];
  /** What the caller must hold to see and call the tool (the same as its REST route's); undefined: any caller. */
  permission: Permission | undefined;
  /** The rate-limit budget a call spends (limits/budgets.ts); undefined: none. */
  budget: Budget | undefined;
  /** What the audit log records a call of it as (audit/call.ts). */
  audited?: AuditedTool;
  call(args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult>;
}

/** A tool's kind of call, the definition it runs, and its arguments never stored. */
export interface AuditedTool {
  kind: CallKind;
  resource: NonNullable<AuditEvent["resource"]>;
  sensitive: readonly string[];
}

/** Where tools come from: a full listing for tools/list and a single lookup for tools/call. */
export interface ToolSource {
  list(): Promise<McpTool[]>;
  find(name: string): Promise<McpTool | undefined>;
  /** Every name toolsets= may use for this source's tools, exposed or not (to tell a typo from an empty toolset). */
  toolsetNames(): Promise<string[]>;
}

/**
 * The _meta every tool carries. `_fastmcp.tags` repeats the tags where FastMCP-based clients
 * look for them, so their include_tags / exclude_tags settings work against this server too.
 */
export function toolMeta(toolsetId: string, tags: string[]): Record<string, unknown> {
  return { toolset_id: toolsetId, tags, _fastmcp: { tags } };
}
