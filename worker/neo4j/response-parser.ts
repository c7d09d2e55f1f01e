// An incremental reader of one Query API response body:
//   {"data":{"fields":[...],"values":[[row],[row],...]}, "notifications":..., "errors":..., ...}
// Rows are cut out of the text as their bytes arrive and handed over one by one, so a caller
// can stop after any row and memory holds at most one partial row plus the small envelope.
// Everything else (fields, errors, notifications, plan, counters) is kept as a skeleton with an
// empty values array and parsed once at the end. Neo4j writes a failure that happens while
// rows stream as an "errors" member after the values.
import type { TypedValue } from "./typed-json";

/** A type, not an interface, so a notification is assignable to a JSON object (response schemas). */
export type RawNotification = {
  code: string;
  title?: string;
  description?: string;
  severity?: string;
  category?: string;
  position?: { offset: number; line: number; column: number };
};

export interface RawPlan {
  operatorType: string;
  arguments?: Record<string, TypedValue>;
  identifiers?: string[];
  children?: RawPlan[];
}

export interface ResponseEnvelope {
  data?: { fields?: string[] };
  errors?: { code: string; message: string }[];
  notifications?: RawNotification[];
  queryPlan?: RawPlan;
  profiledQueryPlan?: RawPlan;
  counters?: Record<string, number | boolean>;
  bookmarks?: string[];
  /** The explicit transaction the query ran in, to be closed once its rows are read. */
  transaction?: { id: string };
}

interface Frame {
  array: boolean;
  key?: string;
  expectKey: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const COMMA = 44;

/** Index of the quote closing the string that opens at `start`, or -1 if it has not arrived yet. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let j = quote - 1; text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    i = quote + 1;
  }
}

export class QueryResponseParser {
  private buffer = "";
  private position = 0;
  private readonly stack: Frame[] = [];
  private readonly skeleton: string[] = [];
  private segmentStart = 0;
  private inRows = false;
  private rowStart = -1;
  private rowDepth = 0;
  private prefixFields: string[] | undefined;

  /** Fields of the result, known once the first row (or the end of the response) has been read. */
  get fields(): string[] | undefined {
    return this.prefixFields;
  }

  /** Feeds the next piece of text; returns the rows it completed, still in typed JSON. */
  push(text: string, rows: TypedValue[][] = []): TypedValue[][] {
    this.buffer += text;
    this.scan(rows);
    return rows;
  }

  /** Parses the envelope once the whole body has been pushed. */
  finish(): ResponseEnvelope {
    this.skeleton.push(this.buffer.slice(this.segmentStart));
    const text = this.skeleton.join("");
    if (this.stack.length > 0 || this.inRows) throw new SyntaxError("The Neo4j response ended before its JSON was complete");
    const envelope = JSON.parse(text) as ResponseEnvelope;
    this.prefixFields ??= envelope.data?.fields;
    return envelope;
  }

  private scan(rows: TypedValue[][]): void {
    const text = this.buffer;
    const length = text.length;
    let i = this.position;
    while (i < length) {
      const c = text.charCodeAt(i);
      if (this.inRows) {
        if (c === QUOTE) {
          const end = stringEnd(text, i);
          if (end < 0) break;
          i = end + 1;
          continue;
        }
        if (c === OPEN_BRACKET || c === OPEN_BRACE) {
          if (this.rowDepth === 0) this.rowStart = i;
          this.rowDepth++;
        } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
          if (this.rowDepth === 0) {
            this.inRows = false;
            this.stack.pop();
            this.skeleton.push("[]");
            this.segmentStart = i + 1;
          } else if (--this.rowDepth === 0) {
            rows.push(JSON.parse(text.slice(this.rowStart, i + 1)) as TypedValue[]);
          }
        }
        i++;
        continue;
      }
      const top = this.stack[this.stack.length - 1];
      if (c === QUOTE) {
        const end = stringEnd(text, i);
        if (end < 0) break;
        if (top && !top.array && top.expectKey) {
          top.key = JSON.parse(text.slice(i, end + 1)) as string;
          top.expectKey = false;
        }
        i = end + 1;
        continue;
      }
      if (c === OPEN_BRACE) {
        this.stack.push({ array: false, expectKey: true });
      } else if (c === OPEN_BRACKET) {
        if (this.atValues()) {
          this.enterRows(text, i);
        } else {
          this.stack.push({ array: true, expectKey: false });
        }
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        this.stack.pop();
      } else if (c === COMMA && top && !top.array) {
        top.expectKey = true;
      }
      i++;
    }
    this.compact(i);
  }

  private atValues(): boolean {
    const [outer, data, ...rest] = this.stack;
    return rest.length === 0 && outer?.key === "data" && data?.key === "values" && !data.array;
  }

  private enterRows(text: string, i: number): void {
    const prefix = this.skeleton.join("") + text.slice(this.segmentStart, i);
    this.skeleton.length = 0;
    this.skeleton.push(prefix);
    this.prefixFields = (JSON.parse(`${prefix}[]}}`) as ResponseEnvelope).data?.fields;
    this.stack.push({ array: true, expectKey: false });
    this.inRows = true;
    this.rowDepth = 0;
  }

  /** Drops text that is fully consumed, keeping a partial row or token for the next push. */
  private compact(scanned: number): void {
    let cut = scanned;
    if (this.inRows) {
      if (this.rowDepth > 0) cut = this.rowStart;
    } else if (scanned > this.segmentStart) {
      this.skeleton.push(this.buffer.slice(this.segmentStart, scanned));
    }
    this.buffer = this.buffer.slice(cut);
    this.position = scanned - cut;
    this.rowStart -= cut;
    this.segmentStart = 0;
  }
}
