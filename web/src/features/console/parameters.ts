// The console's query parameters: rows of a name and a JSON value as typed, what they send to
// POST /query/adhoc, and the typed tool parameters they become when the query is saved as a tool.
import { rowKey } from "../../kit/rows";
import type { Parameter } from "../../types";

export interface ParameterRow {
  key: number;
  name: string;
  /** JSON as typed: 10, "text", true, [1, 2], {"a": 1}. */
  value: string;
}

export const newParameterRow = (name = "", value = ""): ParameterRow => ({ key: rowKey(), name, value });

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** A row's value; text that is not JSON is refused with how to write a string. */
export function parseValue(text: string): Parsed {
  if (text.trim() === "") return { ok: false, message: "Enter a JSON value (null for none)." };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: `Not JSON: write text in double quotes ("${text.trim()}").` };
  }
}

/** The type a parsed value goes to Neo4j as, shown beside its row. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "float";
  if (typeof value === "object") return "map";
  return typeof value;
}

export interface RowProblems {
  name?: string;
  value?: string;
}

/** Each row's problems by key: a missing or repeated name, a value that is not JSON (the server checks the rest). */
export function rowProblems(rows: ParameterRow[]): Map<number, RowProblems> {
  const problems = new Map<number, RowProblems>();
  const seen = new Set<string>();
  for (const row of rows) {
    const found: RowProblems = {};
    const name = row.name.trim();
    if (name === "") found.name = "Enter the parameter's name, without the $.";
    else if (seen.has(name)) found.name = `$${name} is already set above.`;
    seen.add(name);
    const parsed = parseValue(row.value);
    if (!parsed.ok) found.value = parsed.message;
    if (found.name || found.value) problems.set(row.key, found);
  }
  return problems;
}

/** The parameters sent with the query (rows with problems are refused before this). */
export function parameterValues(rows: ParameterRow[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const row of rows) {
    const parsed = parseValue(row.value);
    if (parsed.ok) values[row.name.trim()] = parsed.value;
  }
  return values;
}

/**
 * A tool's parameters for these rows: a scalar's type, with its value as the default; a tool
 * parameter holds only scalars, so a list, map or null becomes a string parameter to retype.
 */
export function toolParameters(rows: ParameterRow[]): Parameter[] {
  return Object.entries(parameterValues(rows)).map(([name, value]) => {
    const type = typeOf(value);
    if (type === "string" || type === "integer" || type === "float" || type === "boolean")
      return { name, type, description: "", required: false, default: value as string | number | boolean };
    return { name, type: "string", description: "", required: true };
  });
}
