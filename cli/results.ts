// Table output of a tool call. `results` has three shapes (README, "Results"; boundedResult in
// worker/operations/responses.ts): the bare list of rows; an object with the rows that fit
// when a bound truncated it; or a fixed message when not even one row fit.
import type { CallReply } from "./api";
import { listTable } from "./output";

type Results = CallReply["results"];
type Truncated = Extract<Results, { truncated: true }>;
type Row = Extract<Results, unknown[]>[number];

export function renderResults(results: Results) {
  if (typeof results === "string") return results;
  if (Array.isArray(results)) return rowsTable(results);
  return `${rowsTable(results.rows)}\n${truncationNote(results)}`;
}

/** Columns are every key of every row, in order of first appearance. */
function rowsTable(rows: Row[]) {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return listTable(
    rows,
    "(no rows)",
    keys.map((key) => ({ header: key, value: (row: Row) => row[key] })),
  );
}

/**
 * Says the result is partial: `total_rows_at_least` is only a lower bound, so it is never
 * presented as a total.
 */
function truncationNote(result: Truncated) {
  const reasons = result.truncated_reasons.join(", ") || "limit";
  return `truncated (${reasons}): ${result.returned} rows shown of at least ${result.total_rows_at_least}; limits ${result.max_rows} rows, ${result.max_bytes} bytes`;
}
