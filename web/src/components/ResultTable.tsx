// Rows of a tool result as a table: one column per key (in the order they first appear);
// nodes, relationships, lists and maps as compact JSON.
import type { Row } from "../types";

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

export function ResultTable({ rows, caption }: { rows: Row[]; caption: string }) {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return (
    <div className="table-wrap">
      <table className="table results">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => {
                const value = row[column];
                const structured = value !== null && typeof value === "object";
                return (
                  <td key={column} className={structured ? "json" : value === null || value === undefined ? "null" : undefined}>
                    {structured ? <code>{cellText(value)}</code> : cellText(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
