// MCP_TOOL_RESULT_MAX_ROWS / _BYTES for built-in results that are lists, in the truncation
// shape of user tool results (worker/results/bounded.ts): a result within both bounds is
// unchanged; one beyond them keeps the items that fit in its list field and says how it was
// cut. The list was read to the end, so the envelope carries the real `total_rows`.
import { NO_ROW_FITS, utf8Length, type ResultLimits, type TruncationReason } from "../results/bounded";

type Structured = Record<string, unknown>;

export function boundList(result: Structured, field: string, limits: ResultLimits): Structured | typeof NO_ROW_FITS {
  const items = result[field];
  if (!Array.isArray(items)) return result;
  const reasons: TruncationReason[] = items.length > limits.maxRows ? ["row_limit"] : [];
  if (reasons.length === 0 && utf8Length(JSON.stringify(result)) <= limits.maxBytes) return result;

  const envelope = (count: number, why: TruncationReason[]): Structured => ({
    ...result,
    truncated: true,
    truncated_reasons: why,
    returned: count,
    total_rows: items.length,
    max_rows: limits.maxRows,
    max_bytes: limits.maxBytes,
    [field]: items.slice(0, count),
  });
  // The envelope without items, plus each kept item and the comma before all but the first.
  const prefix = [0];
  for (const item of items) prefix.push(prefix[prefix.length - 1]! + utf8Length(JSON.stringify(item)));
  const bytes = (count: number, why: TruncationReason[]) =>
    utf8Length(JSON.stringify(envelope(0, why))) + String(count).length - 1 + prefix[count]! + Math.max(0, count - 1);

  let count = Math.min(items.length, limits.maxRows);
  if (bytes(count, reasons) <= limits.maxBytes) return envelope(count, reasons);
  const why: TruncationReason[] = [...reasons, "byte_limit"];
  while (count > 0 && bytes(count, why) > limits.maxBytes) count--;
  return count === 0 ? NO_ROW_FITS : envelope(count, why);
}
