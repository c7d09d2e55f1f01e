// Small questions about a statement's significant tokens (comments left out), shared by the scan
// and by the plan check, which reads the expressions Neo4j prints in plan details.
import type { Token } from "./lexer";

export function isKeyword(token: Token | undefined, ...keywords: string[]): boolean {
  return token?.kind === "keyword" && keywords.includes(token.value);
}

export function isPunctuation(token: Token | undefined, ...symbols: string[]): boolean {
  return token?.kind === "punctuation" && symbols.includes(token.value);
}

/** A word usable as a name: identifiers, keywords (most are not reserved) and backtick-quoted names. */
export function isName(token: Token | undefined): token is Token {
  return token?.kind === "identifier" || token?.kind === "keyword" || token?.kind === "quoted_identifier";
}

/** The name as Neo4j resolves it: keywords as written (not upper-cased), quoted names unquoted. */
function nameText(token: Token): string {
  return token.kind === "quoted_identifier" ? token.value : token.text;
}

export interface QualifiedName {
  /** Parts joined by dots: `apoc . load . json` and `` `apoc`.`load`.json `` are both "apoc.load.json". */
  name: string;
  parts: number;
  /** Index of the token after the name. */
  end: number;
}

/** Reads `part(.part)*` starting at `start`, which must be a name. */
export function readQualifiedName(tokens: Token[], start: number): QualifiedName | undefined {
  const first = tokens[start];
  if (!isName(first)) return undefined;
  const parts = [nameText(first)];
  let index = start + 1;
  while (isPunctuation(tokens[index], ".") && isName(tokens[index + 1])) {
    parts.push(nameText(tokens[index + 1]!));
    index += 2;
  }
  return { name: parts.join("."), parts: parts.length, end: index };
}

/** Each closing bracket and the opening bracket it closes. */
const OPENER_OF: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/**
 * For every opening bracket, the index of the bracket that closes it (tokens.length if none does);
 * -1 elsewhere. A bracket pairs with its own kind only: the other kinds between them are ignored.
 * One pass over the tokens, so that asking for many brackets stays linear (finding each closing
 * bracket by scanning forwards made a nested `CALL { CALL { ...` quadratic).
 */
export function matchBrackets(tokens: Token[]): Int32Array {
  const closing = new Int32Array(tokens.length).fill(-1);
  const unclosed: Record<string, number[]> = { "(": [], "[": [], "{": [] };
  tokens.forEach((token, index) => {
    if (token.kind !== "punctuation") return;
    if (Object.hasOwn(unclosed, token.value)) {
      unclosed[token.value]!.push(index);
      closing[index] = tokens.length;
    } else if (Object.hasOwn(OPENER_OF, token.value)) {
      const open = unclosed[OPENER_OF[token.value]!]!.pop();
      if (open !== undefined) closing[open] = index;
    }
  });
  return closing;
}
