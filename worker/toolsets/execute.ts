// Running a tool: its stored query (queries/run.ts) with the call's arguments bound to the tool's
// declared parameters, typed as declared (arguments.ts).
import type { BoundedResult, ResultLimits } from "../results/bounded";
import { type CypherCheckDeps, runStoredQuery } from "../queries/run";
import { bindArguments } from "./arguments";
import type { ToolBody } from "./schemas";

export function executeTool(deps: CypherCheckDeps, tool: ToolBody, args: Record<string, unknown>, limits: ResultLimits): Promise<BoundedResult> {
  return runStoredQuery(deps, tool.cypher, () => bindArguments(tool.parameters, args), limits);
}
