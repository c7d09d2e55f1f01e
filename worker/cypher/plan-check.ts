// The second validation layer: the EXPLAIN plan must consist of read operators only.
//
// It stands on its own, without the scan: an operator outside READ_OPERATORS (a write, LOAD CSV,
// a schema or admin command, IN TRANSACTIONS) is refused by name; a ProcedureCall is allowed only
// when its procedure passes the same policy as in the scan; and the expressions Neo4j prints in
// each operator's Details are read with the Cypher lexer for calls to denied functions
// (`apoc.cypher.runFirstColumnSingle(...)` plans as a plain Projection). Plan issues belong to the
// whole statement and point at its start.
import { operators, type PlanOperator } from "../neo4j/plan";
import { issueAt, STATEMENT_START, type CypherIssue, type CypherRule } from "./issue";
import { tokenize, type Token } from "./lexer";
import { READ_OPERATORS } from "./read-operators";
import { findRoutineCalls } from "./routine-calls";
import { functionVerdict, procedureVerdict } from "./routine-policy";
import { readQualifiedName } from "./tokens";

export interface PlanCheckOptions {
  /** Exact procedure names, or `prefix.*`; without it every procedure call is refused. */
  allowedProcedures?: readonly string[];
}

export function checkPlanReadOnly(plan: PlanOperator, options: PlanCheckOptions = {}): CypherIssue[] {
  const allowedProcedures = options.allowedProcedures ?? [];
  const issues = new Map<string, CypherIssue>();
  const report = (rule: CypherRule, message: string) => issues.set(`${rule}\n${message}`, issueAt(rule, message, STATEMENT_START));

  for (const operator of operators(plan)) {
    const details = typeof operator.arguments.Details === "string" ? operator.arguments.Details : "";
    const tokens = detailTokens(details);
    if (!tokens) {
      report("plan_not_read_only", `The details of the ${operator.operatorType} operator cannot be read (${JSON.stringify(details)})`);
      continue;
    }
    let expressions = tokens;
    if (operator.operatorType === "ProcedureCall") {
      // Details read "db.labels() :: (label :: STRING)": the procedure's name comes first.
      const procedure = readQualifiedName(tokens, 0);
      const verdict = procedure
        ? procedureVerdict(procedure.name, allowedProcedures)
        : { allowed: false as const, reason: "The plan calls a procedure whose name is missing from its details" };
      if (!verdict.allowed) report("procedure_not_allowed", verdict.reason);
      expressions = tokens.slice(procedure?.end ?? 0);
    } else if (!READ_OPERATORS.has(operator.operatorType)) {
      report(
        "plan_not_read_only",
        `Neo4j plans this query with a ${operator.operatorType} operator, which is not a read operator; tools may only read the graph`,
      );
    }
    for (const call of findRoutineCalls(expressions)) {
      const verdict = functionVerdict(call.name);
      if (!verdict.allowed) report("function_not_allowed", verdict.reason);
    }
  }
  return [...issues.values()];
}

/**
 * An operator's Details as Cypher tokens. Neo4j prints expressions with literals replaced by
 * $autostring_0 and the like, so Details lex as Cypher (checked on the plans of the read corpus);
 * when they do not, the result is undefined and the operator is refused.
 */
function detailTokens(details: string): Token[] | undefined {
  const lexed = tokenize(details, { unicodeEscapes: "accept" });
  return lexed.ok ? lexed.tokens.filter((token) => token.kind !== "comment") : undefined;
}
