// The first validation layer: a token-level scan for constructs a tool query may not contain.
//
// It catches what the EXPLAIN plan does not show (USE, CYPHER options, EXPLAIN/PROFILE) and what
// READ access mode lets through (procedures and functions that read files or URLs or run Cypher
// text), and refuses writes before any round trip, with a message that names the clause.
// It also refuses what would take Neo4j itself down before any rule applies: statements longer than
// the input limit (length.ts), nested deeper than Neo4j's parser survives (depth.ts), and path
// patterns long enough to hold its planner past the time limit (pattern-length.ts). Every query
// sent on a caller's behalf passes this scan, at save and again at call time.
// Decisions:
//   - One statement, no semicolon at all, not even a trailing one: Neo4j accepts `RETURN 1;` but
//     the system embeds a tool's statement (EXPLAIN in front of it, for one), where a semicolon
//     would end it early.
//   - `CYPHER 5` (a bare version) is allowed, it pins the language for a stored query; options
//     (`CYPHER runtime=...`, `planner=...`, `replan=...`, `debug=...`) are refused: how tool
//     queries run is the server's choice.
//   - EXPLAIN/PROFILE prefixes are refused: the system adds EXPLAIN itself, PROFILE would run it.
//   - Administration and schema commands can only open a statement (Neo4j refuses them after
//     another clause, inside a subquery or after UNION), so they are recognised there, which
//     keeps variables named `start`, `grant` or `show` usable elsewhere.
import { clauseStarts } from "./clause-position";
import { checkDepth } from "./depth";
import { issueAt, STATEMENT_START, type CypherIssue, type CypherRule } from "./issue";
import { MAX_STATEMENT_LENGTH } from "./length";
import { checkPathLength } from "./pattern-length";
import { tokenize, type Token } from "./lexer";
import { findRoutineCalls } from "./routine-calls";
import { functionVerdict, procedureVerdict } from "./routine-policy";
import { isKeyword, isName, isPunctuation, matchBrackets, readQualifiedName } from "./tokens";

export interface ScanOptions {
  /** Exact procedure names, or `prefix.*` for a namespace. */
  allowedProcedures: readonly string[];
}

export type ScanResult = { ok: true; parameters: string[] } | { ok: false; errors: CypherIssue[] };

const WRITE_CLAUSES: Record<string, string> = {
  CREATE: "CREATE creates nodes and relationships",
  MERGE: "MERGE creates nodes and relationships when they do not exist",
  INSERT: "INSERT creates nodes and relationships",
  SET: "SET writes properties and labels",
  REMOVE: "REMOVE deletes properties and labels",
  DELETE: "DELETE deletes nodes and relationships",
  FOREACH: "FOREACH exists to run writes for each element of a list",
};

const ADMIN_COMMANDS = new Set([
  "SHOW",
  "GRANT",
  "DENY",
  "REVOKE",
  "ALTER",
  "RENAME",
  "START",
  "STOP",
  "TERMINATE",
  "ENABLE",
  "DEALLOCATE",
  "REALLOCATE",
  "DRYRUN",
  "DROP",
]);

export function scanCypher(statement: string, options: ScanOptions): ScanResult {
  if (statement.length > MAX_STATEMENT_LENGTH) {
    const message = `The statement is ${statement.length} characters long; at most ${MAX_STATEMENT_LENGTH} are allowed`;
    return { ok: false, errors: [issueAt("statement_too_long", message, STATEMENT_START)] };
  }
  const lexed = tokenize(statement);
  if (!lexed.ok) return { ok: false, errors: [lexed.issue] };
  const tokens = lexed.tokens.filter((token) => token.kind !== "comment");
  if (tokens.length === 0) return { ok: false, errors: [issueAt("syntax", "The statement is empty", STATEMENT_START)] };

  const issues: CypherIssue[] = [];
  const report = (rule: CypherRule, message: string, at: Token) => issues.push(issueAt(rule, message, at));
  const starts = clauseStarts(tokens);
  checkDepth(tokens, starts, report);
  checkPathLength(tokens, report);
  const first = checkStatementPrefix(tokens, report);
  // An administration command is the whole statement: its clauses would only repeat the issue.
  checkClauses(tokens, starts, checkAdminCommand(tokens, first, report) ? first : tokens.length, report);
  checkSubqueriesInTransactions(tokens, starts, report);
  checkSemicolons(tokens, report);
  for (const call of findRoutineCalls(tokens, starts)) {
    const verdict = call.kind === "procedure" ? procedureVerdict(call.name, options.allowedProcedures) : functionVerdict(call.name);
    if (!verdict.allowed) report(call.kind === "procedure" ? "procedure_not_allowed" : "function_not_allowed", verdict.reason, call.at);
  }

  if (issues.length > 0) return { ok: false, errors: issues.sort((a, b) => a.offset - b.offset) };
  return { ok: true, parameters: parameterNames(tokens) };
}

type Report = (rule: CypherRule, message: string, at: Token) => void;

/** Checks what may precede the first clause (CYPHER, EXPLAIN, PROFILE, USE); returns the index of that clause. */
function checkStatementPrefix(tokens: Token[], report: Report): number {
  let index = 0;
  for (;;) {
    const token = tokens[index];
    if (isKeyword(token, "CYPHER")) {
      index = skipCypherPrefix(tokens, index, report);
    } else if (isKeyword(token, "EXPLAIN", "PROFILE")) {
      report("explain_profile_prefix", `${token!.value} may not prefix a tool query: the system plans queries itself and never profiles them`, token!);
      index += 1;
    } else if (isKeyword(token, "USE")) {
      index = readQualifiedName(tokens, index + 1)?.end ?? index + 1;
    } else {
      return index;
    }
  }
}

/** Whether the statement's first clause makes it an administration or schema command (reported if so). */
function checkAdminCommand(tokens: Token[], first: number, report: Report): boolean {
  const token = tokens[first];
  const next = tokens[first + 1];
  if (token?.kind !== "keyword" || !next) return false;
  const createsPattern = isPunctuation(next, "(") || (isName(next) && isPunctuation(tokens[first + 2], "="));
  if (!ADMIN_COMMANDS.has(token.value) && !(token.value === "CREATE" && !createsPattern)) return false;
  // Name the command by its leading keywords: SHOW USERS, CREATE OR REPLACE DATABASE, DROP INDEX.
  const words = [token.value];
  for (let index = first + 1; tokens[index]?.kind === "keyword" && words.length < 4; index += 1) words.push(tokens[index]!.value);
  report("admin_command", `${words.join(" ")} is an administration or schema command; tools may only read the graph`, token);
  return true;
}

/** `CYPHER [version] [option=value ...]`: returns the index after it. */
function skipCypherPrefix(tokens: Token[], start: number, report: Report): number {
  let index = start + 1;
  if (tokens[index]?.kind === "number") index += 1;
  const options: string[] = [];
  while (isName(tokens[index]) && isPunctuation(tokens[index + 1], "=") && tokens[index + 2]) {
    options.push(`${tokens[index]!.text}=${tokens[index + 2]!.text}`);
    index += 3;
  }
  if (options.length > 0)
    report(
      "cypher_options",
      `CYPHER query options (${options.join(", ")}) are not allowed: the server decides how tool queries run; only a version (CYPHER 5) may be given`,
      tokens[start]!,
    );
  return index;
}

/** Checks the clauses among tokens[0, end). */
function checkClauses(tokens: Token[], starts: boolean[], end: number, report: Report): void {
  for (let index = 0; index < end; index += 1) {
    if (!starts[index]) continue;
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (isKeyword(token, "DETACH", "NODETACH") && isKeyword(next, "DELETE")) {
      report("write_clause", `${token.value} DELETE deletes nodes and relationships; tools may only read the graph`, token);
      index += 1;
    } else if (Object.hasOwn(WRITE_CLAUSES, token.value)) {
      report("write_clause", `${WRITE_CLAUSES[token.value]}; tools may only read the graph`, token);
    } else if (isKeyword(token, "LOAD") && next?.value.toUpperCase() === "CSV") {
      report("load_csv", "LOAD CSV reads files and URLs from the server; tools may only read the graph", token);
    } else if (isKeyword(token, "USE")) {
      const graph = readQualifiedName(tokens, index + 1)?.name;
      report(
        "use_database",
        `${graph ? `USE ${graph}` : "USE"} switches databases; tools always run against the database the server is configured with`,
        token,
      );
    }
  }
}

/** `CALL { ... } IN [n] [CONCURRENT] TRANSACTIONS` commits in batches of its own, outside READ mode's single transaction. */
function checkSubqueriesInTransactions(tokens: Token[], starts: boolean[], report: Report): void {
  const closing = matchBrackets(tokens);
  for (let index = 0; index < tokens.length; index += 1) {
    if (!isKeyword(tokens[index], "CALL") || !starts[index]) continue;
    let open = index + 1;
    if (isPunctuation(tokens[open], "(")) open = closing[open]! + 1;
    if (!isPunctuation(tokens[open], "{")) continue;
    const after = tokens[closing[open]! + 1];
    if (isKeyword(after, "IN"))
      report(
        "call_in_transactions",
        "CALL { ... } IN TRANSACTIONS runs a subquery in transactions of its own; tools may only read the graph in one transaction",
        tokens[index]!,
      );
  }
}

function checkSemicolons(tokens: Token[], report: Report): void {
  tokens.forEach((token, index) => {
    if (!isPunctuation(token, ";")) return;
    const trailing = index === tokens.length - 1;
    report(
      "multiple_statements",
      trailing ? "A tool holds exactly one statement: remove the trailing ';'" : "A tool holds exactly one statement: ';' separates statements",
      token,
    );
  });
}

/** `$name` as used, in order of first use. `$any(...)` and `$all(...)` are dynamic labels, not parameters. */
function parameterNames(tokens: Token[]): string[] {
  const names = tokens.filter((token, index) => token.kind === "parameter" && !isPunctuation(tokens[index + 1], "(")).map((token) => token.value);
  return [...new Set(names)];
}
