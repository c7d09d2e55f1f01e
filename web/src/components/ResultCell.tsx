// One value of a tool result in its table cell. Scalars wrap inside the cell; a list of scalars
// shows as chips (the first few, then a button for the rest); nodes, relationships, maps and
// lists of those show as one clipped line of compact JSON with a button that opens the whole
// value, pretty-printed and wrapped, in the cell.
import { useState } from "react";

type Scalar = string | number | boolean | null;

/** Chips shown before "+N more": enough for tags and labels, few enough to keep rows short. */
const CHIPS_SHOWN = 12;

const isScalarList = (value: unknown): value is Scalar[] =>
  Array.isArray(value) && value.every((item) => item === null || ["string", "number", "boolean"].includes(typeof item));

export function ResultCell({ value, column, row }: { value: unknown; column: string; row: number }) {
  if (value === null || value === undefined) return <td className="null">null</td>;
  if (typeof value !== "object") return <td>{String(value)}</td>;
  if (isScalarList(value)) return <ChipsCell items={value} where={`${column} in row ${row}`} />;
  return <JsonCell value={value} where={`${column} in row ${row}`} />;
}

function ChipsCell({ items, where }: { items: Scalar[]; where: string }) {
  const [all, setAll] = useState(false);
  if (items.length === 0) return <td className="muted">empty list</td>;
  const shown = all ? items : items.slice(0, CHIPS_SHOWN);
  return (
    <td className="chips-cell">
      <ul className="chips" aria-label={`List of ${where}`}>
        {shown.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list's items may repeat; their place is their identity
          <li key={index} className={item === null ? "chip null" : "chip"}>
            {String(item)}
          </li>
        ))}
      </ul>
      {items.length > CHIPS_SHOWN && (
        <button type="button" className="link-button small" aria-label={`${all ? "Fewer" : "All"} items of ${where}`} onClick={() => setAll(!all)}>
          {all ? "fewer" : `+${(items.length - CHIPS_SHOWN).toLocaleString()} more`}
        </button>
      )}
    </td>
  );
}

function JsonCell({ value, where }: { value: object; where: string }) {
  const [open, setOpen] = useState(false);
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
