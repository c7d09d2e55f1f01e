// Running a tool: its stored query (queries/run.ts) with the call's arguments bound to the tool's
// declared parameters, typed as declared (arguments.ts); with a cache_ttl_seconds, through the
// edge result cache, keyed by the tool's toolset, id and version.
import type { BoundedResult, ResultLimits } from "../results/bounded";
import { type CacheContext, type CachedAnswer, cachedRun } from "../results/edge-cache";
import { type CypherCheckDeps, runStoredQuery } from "../queries/run";
import { bindArguments } from "./arguments";
import type { ToolBody } from "./schemas";

export function executeTool(deps: CypherCheckDeps, tool: ToolBody, args: Record<string, unknown>, limits: ResultLimits): Promise<BoundedResult> {
  return runStoredQuery(deps, tool.cypher, () => bindArguments(tool.parameters, args), limits);
}

/** A stored tool at one version. */
export interface ToolVersion {
  toolsetId: string;
  id: string;
  version: number;
  body: ToolBody;
}

export function executeToolCached(
  deps: CypherCheckDeps,
  tool: ToolVersion,
  args: Record<string, unknown>,
  limits: ResultLimits,
  cache: CacheContext,
): Promise<CachedAnswer> {
  const scope = ["tool", tool.toolsetId, tool.id, String(tool.version)];
  return cachedRun({ ...cache, ttlSeconds: tool.body.cache_ttl_seconds, scope, args, limits }, () => executeTool(deps, tool.body, args, limits));
}
