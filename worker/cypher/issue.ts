// What validation reports about a Cypher statement: one issue per unsafe or invalid construct,
// each naming the rule it broke and where in the statement it sits.
import type { FieldIssue } from "../errors/domain";

export type CypherRule =
  /** Not valid Cypher (our lexer, or Neo4j's parser and planner). */
  | "syntax"
  /** A \uXXXX escape outside a string literal, or one inside a string that decodes to a quote or backslash. */
  | "unicode_escape"
  /** CREATE, MERGE, SET, REMOVE, DELETE, DETACH DELETE, FOREACH, INSERT. */
  | "write_clause"
  | "load_csv"
  | "use_database"
  /** SHOW, GRANT, DENY, REVOKE, ALTER, START/STOP, TERMINATE, CREATE/DROP INDEX, USER, DATABASE, ... */
  | "admin_command"
  | "call_in_transactions"
  | "procedure_not_allowed"
  | "function_not_allowed"
  | "multiple_statements"
  | "explain_profile_prefix"
  /** CYPHER runtime=..., planner=..., and other query options (a bare version, CYPHER 5, is allowed). */
  | "cypher_options"
  /** The EXPLAIN plan holds an operator that is not known to be read-only. */
  | "plan_not_read_only"
  /** Longer than MAX_STATEMENT_LENGTH characters (checked again when a saved query runs). */
  | "statement_too_long"
  /** Brackets, CASE and unary operators nested past MAX_NESTING (depth.ts). */
  | "nesting_too_deep"
  /** A syntax tree estimated deeper than MAX_DEPTH (depth.ts). */
  | "expression_too_deep"
  /** A path pattern of more than MAX_PATH_LENGTH relationships (pattern-length.ts). */
  | "pattern_too_long";

export interface SourcePosition {
  /** UTF-16 code units from the start of the statement, as Neo4j counts them. */
  offset: number;
  /** 1-based; lines end at "\n". */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export interface CypherIssue extends SourcePosition {
  rule: CypherRule;
  /** Names the construct and says why it is refused. */
  message: string;
}

/** Where an offset falls in the source, clamped to the source. */
export function positionAt(source: string, offset: number): SourcePosition {
  const clamped = Math.max(0, Math.min(offset, source.length));
  const lineStart = source.lastIndexOf("\n", clamped - 1) + 1;
  let line = 1;
  for (let index = source.indexOf("\n"); index !== -1 && index < clamped; index = source.indexOf("\n", index + 1)) line += 1;
  return { offset: clamped, line, column: clamped - lineStart + 1 };
}

/** The start of the statement: where issues point when they belong to the whole query (plan issues). */
export const STATEMENT_START: SourcePosition = { offset: 0, line: 1, column: 1 };

export function issueAt(rule: CypherRule, message: string, position: SourcePosition): CypherIssue {
  return { rule, message, offset: position.offset, line: position.line, column: position.column };
}

/** Issues as issues of the input field "cypher", each with its rule and position. */
export function cypherFieldIssues(errors: CypherIssue[]): FieldIssue[] {
  return errors.map(({ rule, message, line, column, offset }) => ({ field: "cypher", rule, message, line, column, offset }));
}
