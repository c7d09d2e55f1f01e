// The MCP tools a skill may require: every tool the server lists, user-defined ({toolset_id}__
// {tool_id}) and built-in (graph__query, ...), read from each toolset's tools. The server checks
// the names when the skill is written, so this list only offers them.
import { useEffect, useState } from "react";
import { get } from "../../api";
import { TOOLSETS } from "../toolsets";
import { toolsOf } from "../tools";
import type { ToolList, ToolsetList } from "../../types";

/** Sorted; empty until loaded, and when the caller may not read tools (names can still be typed). */
export function useToolNames(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    (async () => {
      const { toolsets } = await get<ToolsetList>(TOOLSETS);
      const lists = await Promise.all(toolsets.map((toolset) => get<ToolList>(toolsOf(toolset.id)).catch(() => ({ tools: [] }))));
      if (live) setNames(lists.flatMap(({ tools }) => tools.map((tool) => tool.mcp_name)).sort());
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return names;
}
