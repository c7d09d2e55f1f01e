// Running a tool: its stored query (queries/run.ts) with the call's arguments bound to the tool's
// declared parameters, typed as declared (arguments.ts); with a cache_ttl_seconds, through the
// edge result cache, keyed by the tool's toolset, id and version.
import type { CallMeter } from "../audit/call";
import type { ResultLimits } from "../results/bounded";
import { type CacheContext, type CachedAnswer, cachedRun } from "../results/edge-cache";
import { type CypherCheckDeps, runStoredQuery } from "../queries/run";
import { bindArguments } from "./arguments";
import type { ToolBody } from "./schemas";
import { mcpToolName } from "./views";

/** A stored tool at one version. */
export interface ToolVersion {
  toolsetId: string;
  id: string;
  version: number;
  body: ToolBody;
}

/**
 * Tells the call's audit record (audit/call.ts) which tool ran, at which version, named as MCP
 * names it on every edge, and which of its parameters are never stored.
 */
export function noteTool(meter: Pick<CallMeter, "ran"> | undefined, tool: ToolVersion): void {
  const sensitive = tool.body.parameters.filter((parameter) => parameter.sensitive).map((parameter) => parameter.name);
  meter?.ran({ type: "tool", id: `${tool.toolsetId}/${tool.id}`, version: tool.version }, { sensitive, target: mcpToolName(tool.toolsetId, tool.id) });
}

export function executeTool(
  deps: CypherCheckDeps,
  tool: ToolVersion,
  args: Record<string, unknown>,
  limits: ResultLimits,
  cache: CacheContext,
): Promise<CachedAnswer> {
  const scope = ["tool", tool.toolsetId, tool.id, String(tool.version)];
  const { cypher, parameters, cache_ttl_seconds: ttlSeconds } = tool.body;
  return cachedRun({ ...cache, ttlSeconds, scope, args, limits }, () => runStoredQuery(deps, cypher, () => bindArguments(parameters, args), limits));
}
