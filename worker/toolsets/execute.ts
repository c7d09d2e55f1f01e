// Running a tool's Cypher: READ access mode and the configured time limit on every call,
// whatever validation said when it was saved; the result bounded as it streams.
import type { Neo4jClient } from "../neo4j/client";
import { collectBounded, type BoundedResult, type ResultLimits } from "../results/bounded";
import { bindArguments } from "./arguments";
import type { ToolBody } from "./schemas";

export async function executeTool(neo4j: Neo4jClient, tool: ToolBody, args: Record<string, unknown>, limits: ResultLimits): Promise<BoundedResult> {
  const params = bindArguments(tool.parameters, args);
  const stream = await neo4j.open(tool.cypher, params, { accessMode: "READ" });
  return collectBounded(stream, limits);
}
