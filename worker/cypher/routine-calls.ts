// The procedures and namespaced functions a token stream calls.
//
// A procedure call is the CALL clause followed by a name (`CALL db.labels()`, `CALL db.labels
// YIELD label`); CALL followed by `{` or `(` is a subquery. A function call is a dotted name
// directly followed by `(` (`apoc.cypher.runFirstColumnSingle(...)`); built-in functions without
// a namespace (`count(...)`) cannot reach outside the graph and are not reported. A single
// backtick-quoted name holding dots (`` `apoc.load.json`(...) ``) is reported too: Neo4j 5.26 does
// not resolve it to the namespaced routine, but nothing is lost by judging it as if it did.
import { clauseStarts } from "./clause-position";
import type { Token } from "./lexer";
import { isKeyword, isPunctuation, readQualifiedName } from "./tokens";

export interface RoutineCall {
  kind: "procedure" | "function";
  name: string;
  /** The first token of the name. */
  at: Token;
}

/** `starts`: clauseStarts(tokens), when the caller has it already. */
export function findRoutineCalls(tokens: Token[], starts = clauseStarts(tokens)): RoutineCall[] {
  const calls: RoutineCall[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    if (isPunctuation(tokens[index - 1], ".")) continue;
    const name = readQualifiedName(tokens, index);
    if (!name) continue;
    const at = tokens[index]!;
    const afterCall = isKeyword(tokens[index - 1], "CALL") && starts[index - 1] === true;
    if (afterCall) calls.push({ kind: "procedure", name: name.name, at });
    else if (isPunctuation(tokens[name.end], "(") && (name.parts > 1 || name.name.includes("."))) calls.push({ kind: "function", name: name.name, at });
    index = name.end - 1;
  }
  return calls;
}
