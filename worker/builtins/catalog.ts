// The built-in tools as the toolsets API shows them, for the operations (which cannot import
// the registry: it is made from them).
import type { Config } from "../config";
import type { BuiltinCatalog } from "../operations/operation";
import { enabledBuiltinTools } from "./registry";
import { builtinToolsetView, builtinToolView } from "./toolset-view";

export function builtinCatalog(config: Config): BuiltinCatalog {
  const tools = () => enabledBuiltinTools(config.MCP_ENABLED_BUILTINS);
  return { toolset: () => builtinToolsetView(tools()), tools: () => tools().map(builtinToolView) };
}
