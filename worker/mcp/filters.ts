// Narrower views of the tool list chosen on the endpoint URL, with the semantics MCP clients
// already use: toolsets=a,b keeps those toolsets; include_tags keeps tools carrying at least
// one listed tag; exclude_tags hides tools carrying any listed tag; access=read_only keeps only
// tools annotated readOnlyHint: true and not destructiveHint: true (no annotation: hidden).
//
// In toolsets=, `seizu` names every built-in tool and a built-in group's name (graph, roles,
// ...) names that group's tools, beside user toolsets of that id. A bad filter is a JSON-RPC
// error of the request that meets it (tools/list, tools/call), not an HTTP error: clients
// show those, and initialize still succeeds so the client can say what was wrong.
import { z } from "zod";
import { BoundedCache } from "../cache/bounded-cache";
import { ValidationError } from "../errors/domain";
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

/** The URL's filters, or why they cannot be applied. */
export type EndpointFilters = { ok: true; filters: ToolFilters } | { ok: false; message: string };

/** A client sends the same endpoint URL on every call: its filters are parsed once per isolate. */
const parsedFilters = new BoundedCache<EndpointFilters>({ maxCharacters: 100_000 });

/** The filters of an endpoint URL (the request's URL as text: only its query string is read, and only the first time). */
export function parseFilters(url: string): EndpointFilters {
  const start = url.indexOf("?");
  const search = start < 0 ? "" : url.slice(start);
  const known = parsedFilters.get(search);
  if (known) return known;
  const parsed = parse(new URLSearchParams(search));
  parsedFilters.set(search, parsed);
  return parsed;
}

function parse(search: URLSearchParams): EndpointFilters {
  try {
    return { ok: true, filters: parseInput(filtersSchema, Object.fromEntries(search)) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { ok: false, message: `Invalid filter on the MCP endpoint URL: ${error.message} (filters: toolsets, include_tags, exclude_tags, access)` };
  }
}

export function isReadOnly(tool: McpTool): boolean {
  const annotations = tool.definition.annotations;
  return annotations?.readOnlyHint === true && annotations.destructiveHint !== true;
}

/** Whether toolsets= names the tool's toolset, or (for a built-in) its group. */
function inToolsets(tool: McpTool, toolsets: string[]): boolean {
  return toolsets.includes(tool.toolsetId) || (tool.group !== undefined && toolsets.includes(tool.group));
}

/** Why a tool is outside this view, or undefined when it is visible. */
export function hiddenBecause(tool: McpTool, filters: ToolFilters): string | undefined {
  if (filters.toolsets && !inToolsets(tool, filters.toolsets)) return `it is not in toolsets=${filters.toolsets.join(",")}`;
  if (filters.include_tags && !tool.tags.some((tag) => filters.include_tags?.includes(tag)))
    return `it carries none of include_tags=${filters.include_tags.join(",")}`;
  if (filters.exclude_tags && tool.tags.some((tag) => filters.exclude_tags?.includes(tag)))
    return `it carries one of exclude_tags=${filters.exclude_tags.join(",")}`;
  if (filters.access === "read_only" && !isReadOnly(tool)) return "access=read_only allows only read-only tools";
  return undefined;
}

/** The names in toolsets= that are none of `known` (toolset ids, `seizu`, built-in groups). */
export function unknownToolsets(filters: ToolFilters, known: Iterable<string>): string[] {
  const names = new Set(known);
  return (filters.toolsets ?? []).filter((name) => !names.has(name));
}

/** The same filters narrowed to read-only tools: what a grant of scope mcp:read allows, whatever the URL asks. */
export function readOnlyFilters(endpoint: EndpointFilters): EndpointFilters {
  return endpoint.ok ? { ok: true, filters: { ...endpoint.filters, access: "read_only" } } : endpoint;
}
