// Reading the values a panel's rows hold: upstream's shapes name their columns (count: total,
// progress: numerator/denominator, bar and pie: id/value); a query that names them otherwise
// still shows, from its first columns.
import type { Row } from "../../../types";

/** A column's value, or the row's `fallback`-th value when the column is missing. */
export function column(row: Row | undefined, name: string, fallback = 0): unknown {
  if (!row) return undefined;
  return name in row ? row[name] : Object.values(row)[fallback];
}

/** A number from a result value: integers beyond 2^53 come as decimal text. */
export function numeric(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

export const label = (value: unknown) => (value === null || value === undefined ? "null" : typeof value === "object" ? JSON.stringify(value) : String(value));

export interface Datum {
  id: string;
  value: number;
}

/** Bar and pie data: one `{id, value}` per row, rows without a number left out. */
export function series(rows: Row[]): Datum[] {
  return rows.flatMap((row) => {
    const value = numeric(column(row, "value", 1));
    return value === null ? [] : [{ id: label(column(row, "id", 0)), value }];
  });
}

/** A colour per index, distinguishable and readable on white. */
export const PALETTE = ["#2455d4", "#d9480f", "#2b8a3e", "#ae3ec9", "#e8590c", "#1098ad", "#c2255c", "#5c940d", "#7048e8", "#495057"];
export const colour = (index: number) => PALETTE[index % PALETTE.length]!;

export const formatNumber = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 2 });
