// The MCP endpoint URL for a choice of tools, in the endpoint's own filters (worker/mcp/filters.ts):
// toolsets= names built-in groups and toolsets (`seizu` when every built-in group is chosen),
// include_tags= / exclude_tags= the tags, access=read_only the read-only view.
export interface ToolChoice {
  groups: string[];
  toolsets: string[];
  includeTags: string[];
  excludeTags: string[];
  readOnly: boolean;
}

/** The built-in toolset's id, which names every built-in group at once on the endpoint. */
const EVERY_BUILTIN = "seizu";

/** "a, b ,,c" as ["a", "b", "c"]: how the endpoint reads a list. */
export const listOf = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

const listParam = (items: string[]) => items.map(encodeURIComponent).join(",");

export function endpointUrl(origin: string, choice: ToolChoice, allGroups: string[]): string {
  const everyGroup = allGroups.length > 0 && allGroups.every((group) => choice.groups.includes(group));
  const toolsets = [...(everyGroup ? [EVERY_BUILTIN] : choice.groups), ...choice.toolsets];
  const params = [
    ["toolsets", toolsets],
    ["include_tags", choice.includeTags],
    ["exclude_tags", choice.excludeTags],
  ] as const;
  const query = params.flatMap(([name, items]) => (items.length > 0 ? [`${name}=${listParam(items)}`] : []));
  if (choice.readOnly) query.push("access=read_only");
  const url = new URL("/api/v1/mcp", origin).href;
  return query.length > 0 ? `${url}?${query.join("&")}` : url;
}
