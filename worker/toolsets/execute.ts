// Running a tool's Cypher: the token scan again on the saved text (see stored-cypher.ts), then
// READ access mode and the configured time limit on every call, whatever validation said when it
// was saved; the result bounded as it streams.
import { collectBounded, type BoundedResult, type ResultLimits } from "../results/bounded";
import { bindArguments } from "./arguments";
import type { CypherCheckDeps } from "./check-cypher";
import type { ToolBody } from "./schemas";
import { checkStoredCypher } from "./stored-cypher";

export async function executeTool(deps: CypherCheckDeps, tool: ToolBody, args: Record<string, unknown>, limits: ResultLimits): Promise<BoundedResult> {
  checkStoredCypher(tool.cypher, deps.allowedProcedures);
  const params = bindArguments(tool.parameters, args);
  const stream = await deps.neo4j.open(tool.cypher, params, { accessMode: "READ" });
  return collectBounded(stream, limits);
}
