// The values an activity acts on: the first max_rows input rows, and of each the column named by
// query_return_attribute. A row without that column is an error, not a silent null.
import type { JsonObject, JsonValue } from "../../neo4j/json";
import { ActivityError } from "./errors";

export function rowValues(rows: JsonObject[], attribute: string, maxRows: number | undefined): JsonValue[] {
  const taken = maxRows === undefined ? rows : rows.slice(0, maxRows);
  return taken.map((row, index) => {
    if (!Object.hasOwn(row, attribute)) {
      const columns = Object.keys(row).join(", ") || "none";
      throw new ActivityError(`input row ${index} has no attribute '${attribute}' (query_return_attribute); its attributes: ${columns}`);
    }
    return row[attribute] as JsonValue;
  });
}

/** A value that must be a map (a log entry's or CSV row's source), or an error naming its row. */
export function rowObject(value: JsonValue, index: number, attribute: string): JsonObject {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ActivityError(`input row ${index}: '${attribute}' must be a map of attributes, got ${Array.isArray(value) ? "a list" : JSON.stringify(value)}`);
  }
  return value;
}
