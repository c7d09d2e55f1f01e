// Rows as an RFC 4180 CSV: one column per attribute in first-seen order, strings as they are,
// other values as JSON. A string a spreadsheet would run as a formula (=, +, -, @, tab, CR at
// its start) gets a leading apostrophe: the file goes to people who open it in one.
import type { JsonObject, JsonValue } from "../../neo4j/json";

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") return JSON.stringify(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export function toCsv(rows: JsonObject[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns.map(quoted), ...rows.map((row) => columns.map((column) => quoted(cell(row[column]))))];
  return lines.map((line) => `${line.join(",")}\r\n`).join("");
}
