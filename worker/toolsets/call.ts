// Calling a saved tool through the API: enabled or not (disabled only hides it from MCP
// clients, so a tool can be tried before it is enabled), its result bounded and, with a
// cache_ttl_seconds, cached.
import type { CallMeter } from "../audit/call";
import type { ResultLimits } from "../results/bounded";
import type { CacheContext, CachedAnswer } from "../results/edge-cache";
import type { CypherCheckDeps } from "../queries/run";
import { executeTool, noteTool } from "./execute";
import { refuseBuiltIn, type ToolResource } from "./resources";

export async function callTool(
  tools: ToolResource,
  deps: CypherCheckDeps,
  toolsetId: string,
  toolId: string,
  args: Record<string, unknown>,
  limits: ResultLimits,
  cache: CacheContext,
  meter?: Pick<CallMeter, "ran">,
): Promise<CachedAnswer> {
  refuseBuiltIn(toolsetId);
  const tool = await tools.store.require(toolsetId, toolId);
  const version = { toolsetId, id: toolId, version: tool.version, body: tool.body };
  noteTool(meter, version);
  return executeTool(deps, version, args, limits, cache);
}
