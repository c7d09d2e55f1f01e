// Narrower views of the tool list chosen on the endpoint URL, with the semantics MCP clients
// already use: toolsets=a,b keeps those toolsets; include_tags keeps tools carrying at least
// one listed tag; exclude_tags hides tools carrying any listed tag; access=read_only keeps only
// tools annotated readOnlyHint: true and not destructiveHint: true (no annotation: hidden).
import { z } from "zod";
import { parseInput } from "../input";
import type { McpTool } from "./tool";

const list = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .optional();

const filtersSchema = z
  .object({
    toolsets: list,
    include_tags: list,
    exclude_tags: list,
    access: z.enum(["full", "read_only"], { error: "must be full or read_only" }).default("full"),
  })
  .strict();

export type ToolFilters = z.output<typeof filtersSchema>;

export function parseFilters(url: URL): ToolFilters {
  return parseInput(filtersSchema, Object.fromEntries(url.searchParams));
}

export function isReadOnly(tool: McpTool): boolean {
  const annotations = tool.definition.annotations;
  return annotations?.readOnlyHint === true && annotations.destructiveHint !== true;
}

/** Why a tool is outside this view, or undefined when it is visible. */
export function hiddenBecause(tool: McpTool, filters: ToolFilters): string | undefined {
  if (filters.toolsets && !filters.toolsets.includes(tool.toolsetId)) return `it is not in toolsets=${filters.toolsets.join(",")}`;
  if (filters.include_tags && !tool.tags.some((tag) => filters.include_tags?.includes(tag))) return `it carries none of include_tags=${filters.include_tags.join(",")}`;
  if (filters.exclude_tags && tool.tags.some((tag) => filters.exclude_tags?.includes(tag))) return `it carries one of exclude_tags=${filters.exclude_tags.join(",")}`;
  if (filters.access === "read_only" && !isReadOnly(tool)) return "access=read_only allows only read-only tools";
  return undefined;
}
