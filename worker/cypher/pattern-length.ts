// How many relationships one path pattern chains, judged on its tokens before Neo4j sees it.
//
// Neo4j plans a path pattern by searching over the orders in which to expand it, and the search
// grows with the pattern. Measured on 5.26 with an empty database: 20 relationships took the
// planner 10 s; past about 60 it no longer stops at the transaction's time limit (70 ran 25 s of a
// 10 s limit, 90 over 40 s), so a request of a few hundred bytes could hold a server thread for as
// long as it likes. MAX_PATH_LENGTH is far above what a read query chains and keeps planning within
// the time limit.
//
// A relationship follows a node pattern: a `)` directly followed by `-` or `<`. Chains are counted
// per bracket level, so a node pattern's property map (`{x: (1)}`) cannot restart its path's count.
// A parenthesised subtraction, `(a) - (b)`, reads the same and is counted too: the strict side.
import type { CypherRule } from "./issue";
import type { Token } from "./lexer";
import { isPunctuation } from "./tokens";

export const MAX_PATH_LENGTH = 32;

type Report = (rule: CypherRule, message: string, at: Token) => void;

export function checkPathLength(tokens: Token[], report: Report): void {
  /** Relationships chained so far at each bracket level, and where that path starts. */
  const chains: { length: number; start: Token | undefined }[] = [{ length: 0, start: undefined }];
  tokens.forEach((token, index) => {
    if (isPunctuation(token, "(", "[", "{")) chains.push({ length: 0, start: undefined });
    if (!isPunctuation(token, ")", "]", "}")) return;
    if (chains.length > 1) chains.pop();
    // A relationship's own `]` or a node's `}` closes a bracket inside the path, not a node pattern.
    if (token.value !== ")") return;
    const chain = chains.at(-1)!;
    if (!isPunctuation(tokens[index + 1], "-", "<")) {
      chain.length = 0;
      chain.start = undefined;
      return;
    }
    chain.start ??= token;
    chain.length += 1;
    if (chain.length === MAX_PATH_LENGTH + 1)
      report(
        "pattern_too_long",
        `This path pattern chains more than ${MAX_PATH_LENGTH} relationships; Neo4j's planning time grows with a pattern's length, so at most ${MAX_PATH_LENGTH} are allowed in one path`,
        chain.start,
      );
  });
}
