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

/** Index of the bracket closing the one at `open`, or the end of the tokens if it never closes. */
export function matchingBracket(tokens: Token[], open: number): number {
  const opener = tokens[open]!.value;
  const closer = opener === "(" ? ")" : opener === "[" ? "]" : "}";
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    if (isPunctuation(tokens[index], opener)) depth += 1;
    else if (isPunctuation(tokens[index], closer)) {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return tokens.length;
}
