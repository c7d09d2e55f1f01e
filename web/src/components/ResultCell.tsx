// One value of a tool result in its table cell. Scalars wrap inside the cell; nodes,
// relationships, lists and maps show as one clipped line of compact JSON with a button that
// opens the whole value, pretty-printed and wrapped, in the cell.
import { useState } from "react";

export function ResultCell({ value, column, row }: { value: unknown; column: string; row: number }) {
  const [open, setOpen] = useState(false);
  if (value === null || value === undefined) return <td className="null">null</td>;
  if (typeof value !== "object") return <td>{String(value)}</td>;
  const where = `${column} in row ${row}`;
  return (
    <td className="json">
      <button
        type="button"
        className="cell-toggle"
        aria-expanded={open}
        aria-label={`${open ? "Hide" : "Show"} the whole value of ${where}`}
        onClick={() => setOpen(!open)}
      >
        <span className="cell-preview">{JSON.stringify(value)}</span>
      </button>
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: a <pre> keeps the JSON's layout; the role names the scrollable region
        <pre className="cell-whole" role="region" aria-label={`Whole value of ${where}`} tabIndex={0}>
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </td>
  );
}
