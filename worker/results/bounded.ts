// Bounded tool results, shared by the REST call route and MCP tools/call.
//
// Rows are serialised as they stream from Neo4j; reading stops at whichever bound comes
// first (MCP_TOOL_RESULT_MAX_ROWS rows, MCP_TOOL_RESULT_MAX_BYTES bytes), which cancels the
// query. A result within both bounds is the bare list of rows. One that exceeds them is an
// object carrying the rows that fit and how it was cut. Its serialised form is itself held
// to the byte budget: when the envelope pushes it over, trailing rows are dropped (a second
// cut). If not even one row fits, the result is a fixed message.
//
// The stream is measured exactly as the response carrying it serialises (`{"results": [...]}`,
// on REST and in MCP structured content alike), so a query that runs to completion always fits
// and is never truncated: a truncated result therefore always stopped early and carries
// total_rows_at_least (the rows that reached the bound), never total_rows.
import type { JsonObject, JsonValue } from "../neo4j/json";

export interface ResultLimits {
  maxRows: number;
  maxBytes: number;
}

export type TruncationReason = "row_limit" | "byte_limit";

export interface TruncatedResult extends JsonObject {
  truncated: true;
  truncated_reasons: TruncationReason[];
  returned: number;
  total_rows_at_least: number;
  max_rows: number;
  max_bytes: number;
  rows: JsonObject[];
}

export type BoundedResult = JsonObject[] | TruncatedResult | string;

export const NO_ROW_FITS = "The result is too large to return: not even its first row fits within MCP_TOOL_RESULT_MAX_BYTES. Return fewer or smaller columns.";

const encoder = new TextEncoder();

/** What `{"results": ...}` adds around the result: every response carries it that way. */
const RESPONSE_WRAPPER_BYTES = '{"results":}'.length;

/** UTF-8 length of a string without allocating its bytes for ASCII text. */
export function utf8Length(text: string): number {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  return ascii ? text.length : encoder.encode(text).length;
}

/** Rows in batches, as a Neo4j query stream gives them (neo4j/client.ts QueryStream). */
export interface RowSource extends AsyncIterable<Iterable<JsonValue[]>> {
  fields: string[];
}

/** A row as an object keyed by column. */
export function toRecord(fields: string[], row: JsonValue[]): JsonObject {
  const record: JsonObject = {};
  for (let i = 0; i < fields.length; i++) record[fields[i] as string] = row[i] ?? null;
  return record;
}

/**
 * The JSON text of a result whose rows were serialised while they were measured, so a response
 * that carries the text as well (MCP's text content) does not serialise every row again.
 */
const measuredText = new WeakMap<JsonObject[], string>();

/** `{"results": result}` as JSON text, from the rows' measured text where there is one. */
export function resultsText(result: JsonObject[] | TruncatedResult): string {
  const rows = Array.isArray(result) ? measuredText.get(result) : undefined;
  return rows === undefined ? JSON.stringify({ results: result }) : `{"results":${rows}}`;
}

/** Reads rows until the source ends or a bound is reached, then shapes the result. */
export async function collectBounded(source: RowSource, limits: ResultLimits): Promise<BoundedResult> {
  const rows: JsonObject[] = [];
  const texts: string[] = [];
  const sizes: number[] = [];
  const reasons: TruncationReason[] = [];
  // The response around the list, "[" and "]", plus a comma before every row but the first.
  let bytes = RESPONSE_WRAPPER_BYTES + 2;
  let seen = 0;
  reading: for await (const batch of source) {
    for (const row of batch) {
      seen++;
      if (rows.length === limits.maxRows) {
        reasons.push("row_limit");
        break reading;
      }
      const record = toRecord(source.fields, row);
      const text = JSON.stringify(record);
      const size = utf8Length(text) + (rows.length > 0 ? 1 : 0);
      if (bytes + size > limits.maxBytes) {
        reasons.push("byte_limit");
        break reading;
      }
      rows.push(record);
      texts.push(text);
      sizes.push(size);
      bytes += size;
    }
  }
  if (reasons.length === 0) {
    measuredText.set(rows, `[${texts.join(",")}]`);
    return rows;
  }
  if (rows.length === 0) return NO_ROW_FITS;
  return truncate(rows, sizes, reasons, seen, limits);
}

/**
 * Builds the truncated envelope and, if its serialised form exceeds the byte budget, keeps
 * the longest prefix of rows that fits.
 */
function truncate(rows: JsonObject[], sizes: number[], reasons: TruncationReason[], seen: number, limits: ResultLimits): BoundedResult {
  const envelopeFor = (count: number, why: TruncationReason[]): TruncatedResult => ({
    truncated: true,
    truncated_reasons: why,
    returned: count,
    total_rows_at_least: seen,
    max_rows: limits.maxRows,
    max_bytes: limits.maxBytes,
    rows: rows.slice(0, count),
  });
  // The response and envelope without rows, then each row adds its serialised size (commas included).
  const overhead = (count: number, why: TruncationReason[]) => RESPONSE_WRAPPER_BYTES + utf8Length(JSON.stringify({ ...envelopeFor(0, why), returned: count }));
  const fits = (count: number, why: TruncationReason[]) => overhead(count, why) + prefixBytes(sizes, count) <= limits.maxBytes;

  if (fits(rows.length, reasons)) return envelopeFor(rows.length, reasons);
  const why: TruncationReason[] = reasons.includes("byte_limit") ? reasons : [...reasons, "byte_limit"];
  let count = rows.length;
  while (count > 0 && !fits(count, why)) count--;
  return count === 0 ? NO_ROW_FITS : envelopeFor(count, why);
}

function prefixBytes(sizes: number[], count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += sizes[i] as number;
  return total;
}
