// Save-time validation of a tool's Cypher: the token scan, then EXPLAIN on Neo4j in READ access
// mode (syntax and semantic errors with Neo4j's message and position), then the plan check.
// Execution still runs in READ mode with a time limit whatever this says.
//
// EXPLAIN needs no parameter values on Neo4j 5.26: an unset $name only raises a
// ParameterNotProvided notification, even in LIMIT, dynamic labels or property keys. A query
// about to run passes its values: Neo4j then plans for their types and caches the plan, which
// the run reuses (without them it answers "plan will not be cached" and plans again: measured
// 42-51 ms an EXPLAIN without, 4-5 ms with).
import type { ExplainResult, Neo4jClient, Parameters } from "../neo4j/client";
import { Neo4jError } from "../neo4j/errors";
import type { Notification, PlanOperator } from "../neo4j/plan";
import { issueAt, positionAt, STATEMENT_START, type CypherIssue } from "./issue";
import { checkPlanReadOnly } from "./plan-check";
import { scanCypher } from "./scan";

export interface ValidateOptions {
  neo4j: Neo4jClient;
  /** Exact procedure names, or `prefix.*` for a namespace; a hard denylist applies on top. */
  allowedProcedures: readonly string[];
}

export type ValidationResult = { ok: true; parameters: string[]; plan: PlanOperator; notifications: Notification[] } | { ok: false; errors: CypherIssue[] };

/** Neo4jClient.explain sends `EXPLAIN ${statement}`: Neo4j's offsets count these characters too. */
const EXPLAIN_PREFIX_LENGTH = "EXPLAIN ".length;

/** Error categories that describe the statement rather than the server or the credentials. */
const STATEMENT_ERROR_CATEGORIES = new Set(["Statement", "Procedure"]);

export async function validateCypher(statement: string, options: ValidateOptions, parameters: Parameters = {}): Promise<ValidationResult> {
  const scan = scanCypher(statement, options);
  if (!scan.ok) return scan;
  let explained: ExplainResult;
  try {
    explained = await options.neo4j.explain(statement, parameters, { accessMode: "READ" });
  } catch (error) {
    if (error instanceof Neo4jError && error.isClientError && STATEMENT_ERROR_CATEGORIES.has(error.category)) {
      return { ok: false, errors: [issueFromNeo4j(error, statement)] };
    }
    throw error;
  }
  const planIssues = checkPlanReadOnly(explained.plan, options);
  if (planIssues.length > 0) return { ok: false, errors: planIssues };
  return { ok: true, parameters: scan.parameters, plan: explained.plan, notifications: explained.notifications };
}

/**
 * Neo4j's message, first line only (the lines after it quote the EXPLAIN-prefixed statement with
 * a caret), with its position moved back onto the statement as the user wrote it.
 */
function issueFromNeo4j(error: Neo4jError, statement: string): CypherIssue {
  const [headline = error.message] = error.message.split("\n");
  const reported = error.position;
  if (!reported) return issueAt("syntax", headline, STATEMENT_START);
  const position = positionAt(statement, reported.offset - EXPLAIN_PREFIX_LENGTH);
  const message = headline.replace(
    `(line ${reported.line}, column ${reported.column} (offset: ${reported.offset}))`,
    `(line ${position.line}, column ${position.column} (offset: ${position.offset}))`,
  );
  return issueAt("syntax", message, position);
}
