// Table output of a tool call. `results` has three shapes (README, "Results"): the bare list
// of rows; an object with the rows that fit when a bound truncated it; or a fixed message
// when not even one row fit.
import { table } from "./output.mjs";

/** @param {unknown} results */
export function renderResults(results) {
  if (typeof results === "string") return results;
  if (Array.isArray(results)) return rowsTable(results);
  const truncated = /** @type {any} */ (results);
  if (truncated && typeof truncated === "object" && Array.isArray(truncated.rows)) return `${rowsTable(truncated.rows)}\n${truncationNote(truncated)}`;
  return JSON.stringify(results, null, 2);
}

/** Columns are every key of every row, in order of first appearance. */
function rowsTable(/** @type {unknown[]} */ rows) {
  if (rows.length === 0) return "(no rows)";
  const keys = [...new Set(rows.flatMap((row) => (row && typeof row === "object" ? Object.keys(row) : [])))];
  return table(
    rows,
    keys.map((key) => ({ header: key, value: (/** @type {any} */ row) => row?.[key] })),
  );
}

/**
 * Says the result is partial: `total_rows_at_least` is only a lower bound, so it is never
 * presented as a total.
 * @param {{ truncated_reasons?: string[], returned?: number, total_rows?: number, total_rows_at_least?: number, max_rows?: number, max_bytes?: number }} result
 */
function truncationNote(result) {
  const reasons = (result.truncated_reasons ?? []).join(", ") || "limit";
  const total =
    result.total_rows !== undefined ? `of ${result.total_rows}` : result.total_rows_at_least !== undefined ? `of at least ${result.total_rows_at_least}` : "";
  const limits = [result.max_rows !== undefined && `${result.max_rows} rows`, result.max_bytes !== undefined && `${result.max_bytes} bytes`]
    .filter(Boolean)
    .join(", ");
  return `truncated (${reasons}): ${[`${result.returned ?? 0} rows shown`, total].filter(Boolean).join(" ")}; limits ${limits}`;
}
