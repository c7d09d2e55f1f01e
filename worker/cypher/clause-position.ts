// Which keywords start a clause, and which are names that happen to be spelled like one.
//
// Cypher lets most keywords serve as names: `n.set`, `{delete: 1}`, `(n:Create)`, `AS merge`,
// `RETURN use LIMIT 3`, `THEN use ELSE alt END`. A keyword is certainly a name
//   - directly after a property dot, a label colon, an opening bracket, a comma or an operator;
//   - directly after a keyword always followed by an expression or a name, never by a clause
//     (AS, RETURN, WITH, WHERE, THEN, ELSE, LIMIT, AND, ...), if that keyword is certainly a
//     keyword: it follows the end of an operand (a name, a literal, a parameter, a closing
//     bracket, the END of a CASE) or completes one (the BY of ORDER BY). In
//     `WITH 1 AS as LOAD CSV ...` the second `as` is a variable, so LOAD starts a clause.
// NOT, DISTINCT and CASE open an expression in those places as well as they name a variable, so
// neither they nor what follows them is certain. A keyword directly before a colon, a dot, a
// closing bracket, a comma, an operator or the end of the statement is a name too. Every other
// keyword counts as a clause. That errs on the strict side (`RETURN DISTINCT use LIMIT 3` is
// refused), which is the safe side. The roles are settled in one pass from the left, each from
// its left neighbour's, so the whole statement costs one look per token.
// THEN and ELSE are followed by a clause only in Cypher 25's conditional queries; the validator
// reads Cypher 5, where they belong to CASE expressions.
// One more place is certain: the operand of a simple CASE, `CASE merge WHEN 1 THEN ...`. A clause
// keyword right after a variable named `case` would make WHEN its argument (`DELETE when`,
// `MERGE when = (...)`), and what follows that argument then continues the clause (`.`, `:`, `=`,
// `,`, `(`) or starts another one; anything else after WHEN is the value a simple CASE compares.
import type { Token } from "./lexer";
import { isKeyword } from "./tokens";

const OPERATORS = ["=", "<>", "!=", "<", ">", "<=", ">=", "=~", "+", "-", "/", "%", "^", "+=", "||", ".."];

/** After these, a word is a property key, label, namespace part, argument or operand. */
const NAME_CONTEXT_BEFORE = new Set([".", ":", "::", "&", "!", "(", "[", ",", ...OPERATORS]);

/** Before these, a word is a map key, variable or operand. (`*` too: no clause keyword precedes it.) */
const NAME_CONTEXT_AFTER = new Set([":", "::", ".", ")", "]", "}", ",", "*", ...OPERATORS]);

/** Keywords always followed by an expression or a name, never by a clause. */
const OPERAND_FOLLOWS = new Set([
  "AS",
  "RETURN",
  "WITH",
  "WHERE",
  "WHEN",
  "THEN",
  "ELSE",
  "CASE",
  "AND",
  "OR",
  "XOR",
  "NOT",
  "IN",
  "IS",
  "CONTAINS",
  "BY",
  "SKIP",
  "OFFSET",
  "LIMIT",
  "UNWIND",
  "YIELD",
]);

/** Keywords that open an expression where a name could stand as well. */
const EXPRESSION_OPENERS = new Set(["NOT", "DISTINCT", "CASE"]);

/** Tokens that end an operand (besides keywords that are certainly names). */
const OPERAND_END_KINDS = new Set(["identifier", "quoted_identifier", "number", "string", "parameter"]);
const CLOSING_BRACKETS = new Set([")", "]", "}"]);
/** Literals and the END of CASE, names or not. */
const OPERAND_END_KEYWORDS = ["NULL", "TRUE", "FALSE", "INF", "INFINITY", "NAN", "END"];

/** The second words of two-word keywords (ORDER BY, STARTS WITH, ENDS WITH), and the first words they complete. */
const SECOND_WORDS: Record<string, string[]> = { BY: ["ORDER"], WITH: ["STARTS", "ENDS"] };

/** After `CASE k WHEN`, these make `k` a clause keyword and `when` its argument. */
const CLAUSE_ARGUMENT_FOLLOWERS = new Set([".", ":", "::", "=", "+=", ",", "("]);

/** Keywords that start a clause (or continue one) after a clause's argument. */
const CLAUSE_KEYWORDS = new Set(
  "MATCH OPTIONAL RETURN WITH YIELD UNWIND CALL CREATE MERGE SET DELETE DETACH NODETACH REMOVE FOREACH LOAD USE ORDER SKIP OFFSET LIMIT UNION FINISH WHERE IS".split(
    " ",
  ),
);

/** Whether the keyword at `index` is the operand of a simple CASE: `CASE merge WHEN 1 THEN ...`. */
function isSimpleCaseOperand(tokens: Token[], index: number): boolean {
  if (!isKeyword(tokens[index - 1], "CASE") || !isKeyword(tokens[index + 1], "WHEN")) return false;
  const value = tokens[index + 2];
  if (value === undefined || isPunctuationIn(value, CLAUSE_ARGUMENT_FOLLOWERS)) return false;
  return !(value.kind === "keyword" && CLAUSE_KEYWORDS.has(value.value));
}

function isPunctuationIn(token: Token | undefined, symbols: ReadonlySet<string>): boolean {
  return token?.kind === "punctuation" && symbols.has(token.value);
}

/** For each token, whether it is a keyword that starts a clause (or a part of one). */
export function clauseStarts(tokens: Token[]): boolean[] {
  const starts = new Array<boolean>(tokens.length).fill(false);
  const certainlyName = new Array<boolean>(tokens.length).fill(false);
  const certainlyKeyword = new Array<boolean>(tokens.length).fill(false);
  tokens.forEach((token, index) => {
    if (token.kind !== "keyword") return;
    const before = tokens[index - 1];
    const after = tokens[index + 1];
    const endsOperand =
      before !== undefined &&
      (OPERAND_END_KINDS.has(before.kind) ||
        isPunctuationIn(before, CLOSING_BRACKETS) ||
        isKeyword(before, ...OPERAND_END_KEYWORDS) ||
        certainlyName[index - 1]!);
    const operandPosition = isPunctuationIn(before, NAME_CONTEXT_BEFORE) || (certainlyKeyword[index - 1]! && OPERAND_FOLLOWS.has(before!.value));
    const completesKeyword = certainlyKeyword[index - 1]! && isKeyword(before, ...(SECOND_WORDS[token.value] ?? []));
    certainlyKeyword[index] = before === undefined || endsOperand || completesKeyword;
    certainlyName[index] = (operandPosition && !EXPRESSION_OPENERS.has(token.value)) || isSimpleCaseOperand(tokens, index);
    starts[index] = !certainlyName[index] && after !== undefined && !isPunctuationIn(after, NAME_CONTEXT_AFTER);
  });
  return starts;
}
