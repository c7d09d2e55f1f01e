// Whether a keyword starts a clause, or is a name that happens to be spelled like one.
//
// Cypher lets most keywords serve as names: `n.set`, `{delete: 1}`, `(n:Create)`, `AS merge`,
// `RETURN remove`. A clause keyword never directly follows a property dot, a label colon, an
// opening bracket, a comma or an operator, and is never directly followed by a colon, a dot, a
// closing bracket, a comma, an operator or the end of the statement; any of those neighbours
// means the word is a name. Everything else counts as a clause. That errs on the strict side
// (`WITH create MATCH ...` is refused even if `create` is a variable), which is the safe side.
import type { Token } from "./lexer";
import { isKeyword, isPunctuation } from "./tokens";

const OPERATORS = ["=", "<>", "!=", "<", ">", "<=", ">=", "=~", "+", "-", "/", "%", "^", "+=", "||", ".."];

/** After these, a word is a property key, label, namespace part, argument or operand. */
const NAME_CONTEXT_BEFORE = [".", ":", "::", "&", "!", "(", "[", ",", ...OPERATORS];

/** Before these, a word is a map key, variable or operand. (`*` too: no clause keyword precedes it.) */
const NAME_CONTEXT_AFTER = [":", "::", ".", ")", "]", "}", ",", "*", ...OPERATORS];

export function startsClause(tokens: Token[], index: number): boolean {
  const token = tokens[index];
  if (token?.kind !== "keyword") return false;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  if (isPunctuation(before, ...NAME_CONTEXT_BEFORE) || isKeyword(before, "AS")) return false;
  return after !== undefined && !isPunctuation(after, ...NAME_CONTEXT_AFTER);
}
