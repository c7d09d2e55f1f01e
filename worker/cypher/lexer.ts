// A tokenizer for Cypher 5, so that validation reasons about what Neo4j will parse rather than
// about raw text: keywords inside strings, comments and backtick-quoted names are not keywords.
//
// Unicode escapes. Neo4j 5.26 decodes \uXXXX escapes Java-style, before it tokenizes (checked on
// the server): `MATCH (n) \u0053ET n.x = 1` runs a SET, `// \u000a CREATE ...` ends the comment
// and runs the CREATE, `'a\u0027 ...` closes the string and `\u0060` closes a backtick name. A
// lexer that did not decode them first would see something else than Neo4j does. Rather than
// replay Neo4j's decoding, the lexer refuses every construct where the two readings could part:
//   - `\u` anywhere outside a string literal (code, comments, backtick names) is an error, whatever
//     precedes the backslash: legitimate queries have no reason to write them there;
//   - inside a string, `\uXXXX` must have four hex digits and must not decode to `'`, `"` or `\`,
//     the only characters that change where a string ends. Other escapes (`caf\u00e9`) are fine.
// Where the lexer and Neo4j might still disagree, the lexer leans towards exposing more text as
// code: line comments also end at U+2028, U+2029 and U+0085 (Neo4j ends them at \n and \r only),
// block comments do not nest (Neo4j's do not either), and characters Neo4j may accept but the
// lexer does not know are errors.
import { issueAt, positionAt, type CypherIssue, type CypherRule } from "./issue";
import { KEYWORDS } from "./keywords";

export type TokenKind = "keyword" | "identifier" | "quoted_identifier" | "string" | "number" | "parameter" | "punctuation" | "comment";

export interface Token {
  kind: TokenKind;
  /** The token exactly as written. */
  text: string;
  /**
   * keyword: upper case; identifier: as written; quoted_identifier: without backticks, `` unescaped;
   * string: decoded; parameter: its name ("name", "0", "odd name"); otherwise the text.
   */
  value: string;
  offset: number;
  line: number;
  column: number;
}

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; issue: CypherIssue };

export interface TokenizeOptions {
  /**
   * "reject" (the default) for statements Neo4j will parse, as described above. "accept" for text
   * Neo4j printed and will not parse again (plan details, where it quotes column names like
   * `` `'caf\u00e9'` ``): escapes are then plain characters in comments and names, and decoded in strings.
   */
  unicodeEscapes?: "reject" | "accept";
}

/** Longest first, so that ".." wins over ".". */
const PUNCTUATION = [
  "..",
  "<>",
  "<=",
  ">=",
  "=~",
  "+=",
  "::",
  "||",
  "!=",
  "(",
  ")",
  "{",
  "}",
  "[",
  "]",
  ",",
  ";",
  ".",
  ":",
  "|",
  "&",
  "!",
  "=",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  "^",
];

const LINE_TERMINATORS = new Set(["\n", "\r", "\u2028", "\u2029", "\u0085"]);

/** Quote and backslash: a \u escape decoding to one of these would move a string's end in Neo4j. */
const STRUCTURAL_IN_STRINGS = new Set([0x22, 0x27, 0x5c]);

const SIMPLE_ESCAPES: Record<string, string> = { t: "\t", b: "\b", n: "\n", r: "\r", f: "\f", "'": "'", '"': '"', "\\": "\\" };

class LexError extends Error {
  constructor(
    readonly rule: CypherRule,
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export function tokenize(source: string, options: TokenizeOptions = {}): LexResult {
  try {
    return { ok: true, tokens: new Lexer(source, options.unicodeEscapes !== "accept").run() };
  } catch (error) {
    if (!(error instanceof LexError)) throw error;
    return { ok: false, issue: issueAt(error.rule, error.message, positionAt(source, error.offset)) };
  }
}

// The character tests below answer ASCII without a regular expression: they run once or twice
// per character of the statement, which is the bulk of validation's cost on long statements.

function isWhitespace(char: string): boolean {
  if (char === " " || char === "\n" || char === "\t" || char === "\r") return true;
  // Neo4j also counts the information separators U+001C..U+001F as white space; U+0085 ends line
  // comments here, so it must be white space too.
  return /\s/.test(char) || (char >= "\u001c" && char <= "\u001f") || char === "\u0085";
}

function isAsciiLetter(char: string): boolean {
  return (char >= "a" && char <= "z") || (char >= "A" && char <= "Z");
}

function isIdentifierStart(char: string): boolean {
  return isAsciiLetter(char) || char === "_" || (char > "\u007f" && /\p{ID_Start}/u.test(char));
}

function isIdentifierPart(char: string): boolean {
  // Neo4j 5 still accepts `$` inside names (deprecated): `a$b` is one identifier.
  return isAsciiLetter(char) || isDigit(char) || char === "_" || char === "$" || (char > "\u007f" && /\p{ID_Continue}/u.test(char));
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

function isAscii(word: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is every ASCII character, control characters included
  return !/[^\u0000-\u007f]/.test(word);
}

class Lexer {
  private pos = 0;
  private readonly tokens: Token[] = [];
  private readonly lineStarts: number[] = [0];

  constructor(
    private readonly source: string,
    private readonly rejectUnicodeEscapes: boolean,
  ) {
    for (let index = source.indexOf("\n"); index !== -1; index = source.indexOf("\n", index + 1)) this.lineStarts.push(index + 1);
  }

  run(): Token[] {
    while (this.pos < this.source.length) {
      const char = this.source[this.pos]!;
      if (isWhitespace(char)) this.pos += 1;
      else if (this.source.startsWith("//", this.pos)) this.lineComment();
      else if (this.source.startsWith("/*", this.pos)) this.blockComment();
      else if (char === "'" || char === '"') this.string(char);
      else if (char === "`") this.quotedIdentifier();
      else if (char === "$") this.parameter();
      else if (isDigit(char) || (char === "." && isDigit(this.source[this.pos + 1]))) this.number();
      else if (char === "\\") this.strayBackslash();
      else if (isIdentifierStart(this.codePointAt(this.pos))) this.word();
      else this.punctuation();
    }
    return this.tokens;
  }

  /** The character at `offset`, a whole surrogate pair when it is one. */
  private codePointAt(offset: number): string {
    const char = this.source[offset] ?? "\0";
    return char < "\ud800" ? char : String.fromCodePoint(this.source.codePointAt(offset)!);
  }

  private push(kind: TokenKind, start: number, value: string): void {
    const line = this.lineOf(start);
    this.tokens.push({ kind, text: this.source.slice(start, this.pos), value, offset: start, line, column: start - this.lineStarts[line - 1]! + 1 });
  }

  /** 1-based line of an offset, by binary search over the line starts. */
  private lineOf(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  private fail(rule: CypherRule, message: string, offset: number): never {
    throw new LexError(rule, message, offset);
  }

  /** Comments and backtick names may not hold `\u`: Neo4j would decode it before finding their end. */
  private refuseUnicodeEscapes(start: number, end: number, what: string): void {
    const found = this.rejectUnicodeEscapes ? this.source.slice(start, end).indexOf("\\u") : -1;
    if (found !== -1)
      this.fail(
        "unicode_escape",
        `A \\u escape inside a ${what} is not allowed: Neo4j decodes it before parsing, so it could end the ${what} early`,
        start + found,
      );
  }

  private lineComment(): void {
    const start = this.pos;
    this.pos += 2;
    while (this.pos < this.source.length && !LINE_TERMINATORS.has(this.source[this.pos]!)) this.pos += 1;
    this.refuseUnicodeEscapes(start, this.pos, "comment");
    this.push("comment", start, this.source.slice(start, this.pos));
  }

  private blockComment(): void {
    const start = this.pos;
    const end = this.source.indexOf("*/", start + 2);
    if (end === -1) this.fail("syntax", "Unterminated comment: a comment starting with /* has no closing */", start);
    this.pos = end + 2;
    this.refuseUnicodeEscapes(start, this.pos, "comment");
    this.push("comment", start, this.source.slice(start, this.pos));
  }

  private string(quote: string): void {
    const start = this.pos;
    let value = "";
    this.pos += 1;
    for (;;) {
      if (this.pos >= this.source.length) this.fail("syntax", `Unterminated string: the string starting here has no closing ${quote}`, start);
      const char = this.source[this.pos]!;
      if (char === quote) break;
      if (char === "\\") value += this.escape();
      else {
        value += char;
        this.pos += 1;
      }
    }
    this.pos += 1;
    this.push("string", start, value);
  }

  /** One escape sequence inside a string, decoded; `pos` is on the backslash. */
  private escape(): string {
    const start = this.pos;
    const kind = this.source[this.pos + 1];
    if (kind === undefined) this.fail("syntax", "Unterminated string: it ends with a lone backslash", start);
    if (kind === "u") {
      const hex = this.source.slice(this.pos + 2, this.pos + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("unicode_escape", "Malformed \\u escape: expected four hexadecimal digits", start);
      const code = Number.parseInt(hex, 16);
      if (this.rejectUnicodeEscapes && STRUCTURAL_IN_STRINGS.has(code)) {
        this.fail(
          "unicode_escape",
          `The escape \\u${hex} decodes to ${String.fromCharCode(code)}, which Neo4j would read as the end of the string or an escape: write it as \\${String.fromCharCode(code)}`,
          start,
        );
      }
      this.pos += 6;
      return String.fromCharCode(code);
    }
    if (kind === "U" && /^[0-9a-fA-F]{8}$/.test(this.source.slice(this.pos + 2, this.pos + 10))) {
      const code = Number.parseInt(this.source.slice(this.pos + 2, this.pos + 10), 16);
      this.pos += 10;
      return code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
    }
    this.pos += 2;
    return SIMPLE_ESCAPES[kind] ?? `\\${kind}`;
  }

  private quotedIdentifier(): void {
    const start = this.pos;
    this.push("quoted_identifier", start, this.quoted());
  }

  /** Reads a backtick-quoted name at `pos` and returns it unquoted. */
  private quoted(): string {
    const start = this.pos;
    let value = "";
    this.pos += 1;
    for (;;) {
      const end = this.source.indexOf("`", this.pos);
      if (end === -1) this.fail("syntax", "Unterminated name: the backtick-quoted name starting here has no closing backtick", start);
      value += this.source.slice(this.pos, end);
      this.pos = end + 1;
      if (this.source[this.pos] !== "`") break;
      value += "`";
      this.pos += 1;
    }
    this.refuseUnicodeEscapes(start, this.pos, "backtick-quoted name");
    return value;
  }

  /** `$name`, `$0`, `` $`odd name` ``; Neo4j allows white space after the `$`. `$(` is a dynamic label. */
  private parameter(): void {
    const start = this.pos;
    let next = this.pos + 1;
    while (next < this.source.length && isWhitespace(this.source[next]!)) next += 1;
    const char = this.source[next];
    if (char === "(") {
      this.pos += 1;
      this.push("punctuation", start, "$");
      return;
    }
    this.pos = next;
    if (char === "`") {
      this.push("parameter", start, this.quoted());
    } else if (isDigit(char)) {
      while (isDigit(this.source[this.pos])) this.pos += 1;
      this.push("parameter", start, this.source.slice(next, this.pos));
    } else if (char !== undefined && isIdentifierStart(this.codePointAt(next))) {
      this.consumeIdentifierParts();
      this.push("parameter", start, this.source.slice(next, this.pos));
    } else {
      this.fail("syntax", "Expected a parameter name after $", start);
    }
  }

  private number(): void {
    const start = this.pos;
    const digits = (allowed: RegExp) => {
      while (this.pos < this.source.length && allowed.test(this.source[this.pos]!)) this.pos += 1;
    };
    const prefix = this.source.slice(this.pos, this.pos + 2).toLowerCase();
    if (prefix === "0x" || prefix === "0o") {
      this.pos += 2;
      digits(prefix === "0x" ? /[0-9a-fA-F_]/ : /[0-7_]/);
    } else {
      digits(/[0-9_]/);
      if (this.source[this.pos] === "." && isDigit(this.source[this.pos + 1])) {
        this.pos += 1;
        digits(/[0-9_]/);
      }
      const exponent = /^[eE][+-]?[0-9]/.exec(this.source.slice(this.pos, this.pos + 3));
      if (exponent) {
        this.pos += exponent[0].length - 1;
        digits(/[0-9_]/);
      }
    }
    this.push("number", start, this.source.slice(start, this.pos));
  }

  private strayBackslash(): void {
    if (this.source[this.pos + 1] === "u") {
      this.fail(
        "unicode_escape",
        "A \\u escape outside a string literal is not allowed: Neo4j decodes it before parsing, so it could spell a keyword the validator cannot see",
        this.pos,
      );
    }
    this.fail("syntax", "Unexpected character \\ (backslashes are only meaningful inside string literals)", this.pos);
  }

  private consumeIdentifierParts(): void {
    while (this.pos < this.source.length) {
      const char = this.codePointAt(this.pos);
      if (!isIdentifierPart(char)) break;
      this.pos += char.length;
    }
  }

  private word(): void {
    const start = this.pos;
    this.consumeIdentifierParts();
    const text = this.source.slice(start, this.pos);
    const upper = text.toUpperCase();
    // Keywords are ASCII words: toUpperCase also maps some other letters onto ASCII (ſ to S, ﬀ to FF), Neo4j does not.
    if (KEYWORDS.has(upper) && isAscii(text)) this.push("keyword", start, upper);
    else this.push("identifier", start, text);
  }

  private punctuation(): void {
    const start = this.pos;
    const symbol = PUNCTUATION.find((candidate) => this.source.startsWith(candidate, this.pos));
    if (!symbol) this.fail("syntax", `Unexpected character ${JSON.stringify(this.codePointAt(this.pos))}`, start);
    this.pos += symbol.length;
    this.push("punctuation", start, symbol);
  }
}
