// The query's parameters, one row each: a name ($name in the Cypher) and a JSON value, with the
// type it goes to Neo4j as, or why it cannot be sent.
import { type ReactNode, useId } from "react";
import { FieldErrors } from "../../components/Fields";
import { ListSection } from "../../kit/ListSection";
import { RemoveButton } from "../../kit/RowButtons";
import { editRows } from "../../kit/rows";
import { newParameterRow, type ParameterRow, parseValue, type RowProblems, typeOf } from "./parameters";

/** The list's heading, hint and add button. */
const SECTION = {
  title: "Parameters",
  level: 3,
  className: "console-parameters",
  field: "params",
  addText: "+ Add parameter",
  hint: (
    <>
      Values are JSON: <code>10</code>, <code>"text"</code>, <code>true</code>, <code>[1, 2]</code>, <code>{'{"a": 1}'}</code>.
    </>
  ),
} as const;

export function ParameterRows({
  rows,
  problems,
  onChange,
}: {
  rows: ParameterRow[];
  problems: Map<number, RowProblems>;
  onChange(rows: ParameterRow[]): void;
}) {
  const edit = editRows(rows, onChange);
  return (
    <ListSection {...SECTION} onAdd={() => edit.add(newParameterRow())}>
      {rows.map((row, index) => (
        <Row
          key={row.key}
          index={index}
          row={row}
          problems={problems.get(row.key) ?? {}}
          onChange={(change) => edit.change(row.key, change)}
          onRemove={() => edit.remove(row.key)}
        />
      ))}
    </ListSection>
  );
}

function Row({
  index,
  row,
  problems,
  onChange,
  onRemove,
}: {
  index: number;
  row: ParameterRow;
  problems: RowProblems;
  onChange(change: Partial<ParameterRow>): void;
  onRemove(): void;
}) {
  const id = useId();
  const parsed = parseValue(row.value);
  /** A labelled text input for one field of the row, with its problem under it. */
  const cell = (field: keyof RowProblems, label: ReactNode, wrap: (input: ReactNode) => ReactNode) => {
    const problem = problems[field];
    const errorId = `${id}-${field}-error`;
    return (
      <div className={`parameter-cell console-parameter-${field}`} data-field={`params.${index}.${field}`}>
        <label htmlFor={`${id}-${field}`}>{label}</label>
        {wrap(
          <input
            id={`${id}-${field}`}
            type="text"
            value={row[field]}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => onChange({ [field]: event.target.value })}
          />,
        )}
        <FieldErrors id={errorId} messages={problem ? [problem] : undefined} />
      </div>
    );
  };
  return (
    <fieldset className="parameter-row console-parameter">
      <legend className="visually-hidden">Parameter {index + 1}</legend>
      {cell("name", "Name", (input) => (
        <span className="console-dollar">
          <span aria-hidden="true">$</span>
          {input}
        </span>
      ))}
      {cell("value", <>Value {parsed.ok && <span className="type">{typeOf(parsed.value)}</span>}</>, (input) => input)}
      <div className="parameter-cell console-parameter-remove">
        <RemoveButton name={`parameter ${row.name || index + 1}`} tone="subtle" onRemove={onRemove} />
      </div>
    </fieldset>
  );
}
