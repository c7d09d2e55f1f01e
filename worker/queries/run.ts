// Running a stored read query: a tool's, a report panel's, a workflow query activity's. The
// token scan again on the saved text (stored-cypher.ts), then the parameters, then READ access
// mode and the client's time limit, whatever validation said when it was saved; the result
// bounded as it streams (results/bounded.ts).
import type { Parameters } from "../neo4j/client";
import type { ValidateOptions } from "../cypher/validate";
import { collectBounded, type BoundedResult, type ResultLimits } from "../results/bounded";
import { checkedParameters } from "./parameter-values";
import { checkStoredCypher } from "./stored-cypher";

/** What checking a stored query's Cypher (when it is saved, and again when it runs) and running it need. */
export type CypherCheckDeps = ValidateOptions;

/**
 * A stored query's parameters: values as given, checked by checkedParameters, or a binding of
 * the caller's own (a tool binds its arguments to its declared, typed parameters). Either is
 * bound after the scan, so a refused query is reported before anything about its arguments.
 */
export type StoredQueryParameters = Record<string, unknown> | (() => Parameters);

export async function runStoredQuery(deps: CypherCheckDeps, cypher: string, params: StoredQueryParameters, limits: ResultLimits): Promise<BoundedResult> {
  checkStoredCypher(cypher, deps.allowedProcedures);
  const bound = typeof params === "function" ? params() : checkedParameters(params);
  const stream = await deps.neo4j.open(cypher, bound, { accessMode: "READ" });
  return collectBounded(stream, limits);
}
