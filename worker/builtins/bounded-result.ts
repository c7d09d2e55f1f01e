// MCP_TOOL_RESULT_MAX_ROWS / _BYTES for every built-in tool result, in the truncation shape of
// user tool results (worker/results/bounded.ts). A result within both bounds is unchanged.
//
// A list result (`list: true`) beyond them keeps the leading items of each of its lists, at
// most MCP_TOOL_RESULT_MAX_ROWS each, and says how it was cut. Its lists were read to the end,
// so the envelope carries the real `total_rows`. With several lists (graph__schema's labels,
// relationship types, ...) items are kept in turns, one from each list in field order, while
// the result fits; a list stops at its first item that does not, so every list keeps a prefix
// and a few large items in one list do not starve the others. `returned` and `total_rows` add
// the lists up, and `lists` gives each list's own counts.
//
// Any other result is one value (a definition, a package) with nothing meaningful to cut: it is
// returned whole or, beyond the byte limit, refused; so is a list result of which not even one
// item fits. The serialised result never exceeds MCP_TOOL_RESULT_MAX_BYTES.
import { utf8Length, type ResultLimits, type TruncationReason } from "../results/bounded";

type Structured = Record<string, unknown>;

export type BoundedResult =
  | { result: Structured; text: string }
  /** Over the byte limit even cut: its whole size, and whether it has lists (none of whose items fit). */
  | { tooLarge: { bytes: number; listed: boolean } };

/** One list of the result: an array, or a collection keyed by id whose entries are its items. */
interface List {
  field: string;
  count: number;
  /** Serialised bytes of the first n items, with no separators. */
  prefix: number[];
  slice(count: number): unknown;
}

const sizeOf = (value: unknown) => utf8Length(JSON.stringify(value) ?? "null");

function listOf(field: string, value: unknown): List | undefined {
  if (Array.isArray(value)) return { field, count: value.length, prefix: prefixSums(value.map(sizeOf)), slice: (count) => value.slice(0, count) };
  if (value === null || typeof value !== "object") return undefined;
  // JSON leaves out undefined values, so they are no items.
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return {
    field,
    count: entries.length,
    prefix: prefixSums(entries.map(([key, item]) => sizeOf(key) + 1 + sizeOf(item))),
    slice: (count) => Object.fromEntries(entries.slice(0, count)),
  };
}

function prefixSums(sizes: number[]): number[] {
  const sums = [0];
  for (const size of sizes) sums.push(sums[sums.length - 1]! + size);
  return sums;
}

const digits = (count: number) => String(count).length;
const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

export function boundResult(result: Structured, listFields: string[], limits: ResultLimits): BoundedResult {
  const text = JSON.stringify(result);
  const bytes = utf8Length(text);
  const lists = listFields.flatMap((field) => listOf(field, result[field]) ?? []);
  const caps = lists.map((list) => Math.min(list.count, limits.maxRows));
  const rowCut = lists.some((list) => list.count > limits.maxRows);
  if (!rowCut && bytes <= limits.maxBytes) return { result, text };
  const tooLarge = { tooLarge: { bytes, listed: lists.length > 0 } };
  if (lists.every((list) => list.count === 0)) return tooLarge;

  const several = lists.length > 1;
  const envelope = (kept: number[], reasons: TruncationReason[]): Structured => ({
    ...result,
    truncated: true,
    truncated_reasons: reasons,
    returned: sum(kept),
    total_rows: sum(lists.map((list) => list.count)),
    max_rows: limits.maxRows,
    max_bytes: limits.maxBytes,
    ...(several ? { lists: Object.fromEntries(lists.map((list, i) => [list.field, { returned: kept[i], total_rows: list.count }])) } : {}),
    ...Object.fromEntries(lists.map((list, i) => [list.field, list.slice(kept[i]!)])),
  });
  // The envelope with every list empty and every kept count 0, then what each kept item adds:
  // its bytes, a comma before all but a list's first, and the digits its counts gain over "0".
  const none = lists.map(() => 0);
  const emptyBytes = (reasons: TruncationReason[]) => sizeOf(envelope(none, reasons));
  const bytesOf = (kept: number[], empty: number) =>
    empty +
    digits(sum(kept)) -
    1 +
    lists.reduce((total, list, i) => {
      const count = kept[i]!;
      return total + list.prefix[count]! + Math.max(0, count - 1) + (several ? digits(count) - 1 : 0);
    }, 0);
  const shaped = (kept: number[], reasons: TruncationReason[]): BoundedResult => {
    const cut = envelope(kept, reasons);
    return { result: cut, text: JSON.stringify(cut) };
  };

  if (rowCut && bytesOf(caps, emptyBytes(["row_limit"])) <= limits.maxBytes) return shaped(caps, ["row_limit"]);
  const reasons: TruncationReason[] = rowCut ? ["row_limit", "byte_limit"] : ["byte_limit"];
  const empty = emptyBytes(reasons);
  const kept = [...none];
  const open = caps.map((cap) => cap > 0);
  for (let grew = true; grew; ) {
    grew = false;
    for (let i = 0; i < lists.length; i++) {
      if (!open[i]) continue;
      kept[i]!++;
      if (bytesOf(kept, empty) <= limits.maxBytes) {
        grew = true;
        open[i] = kept[i]! < caps[i]!;
      } else {
        kept[i]!--;
        open[i] = false;
      }
    }
  }
  return sum(kept) === 0 ? tooLarge : shaped(kept, reasons);
}
