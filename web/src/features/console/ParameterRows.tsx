// The query's parameters, one row each: a name ($name in the Cypher) and a JSON value, with the
// type it goes to Neo4j as, or why it cannot be sent.
import { useId } from "react";
import { FieldErrors } from "../../components/Fields";
import { ListSection } from "../../kit/ListSection";
import { RemoveButton } from "../../kit/RowButtons";
import { editRows } from "../../kit/rows";
import { newParameterRow, type ParameterRow, parseValue, type RowProblems, typeOf } from "./parameters";

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
    <ListSection
      title="Parameters"
      level={3}
      className="console-parameters"
      field="params"
      hint={
        <>
          Values are JSON: <code>10</code>, <code>"text"</code>, <code>true</code>, <code>[1, 2]</code>, <code>{'{"a": 1}'}</code>.
        </>
      }
      errors={undefined}
      addText="+ Add parameter"
      onAdd={() => edit.add(newParameterRow())}
    >
      {rows.map((row, index) => (
        <Row
          key={row.key}
          index={index}
          row={row}
          problems={problems.get(row.key)}
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
  problems: RowProblems | undefined;
  onChange(change: Partial<ParameterRow>): void;
  onRemove(): void;
}) {
  const id = useId();
  const parsed = parseValue(row.value);
  const n = index + 1;
  return (
    <fieldset className="console-parameter">
      <legend className="visually-hidden">Parameter {n}</legend>
      <div className="console-parameter-name" data-field={`params.${index}.name`}>
        <label htmlFor={`${id}-name`}>Name</label>
        <span className="console-dollar">
          <span aria-hidden="true">$</span>
          <input
            id={`${id}-name`}
            type="text"
            value={row.name}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problems?.name ? true : undefined}
            aria-describedby={problems?.name ? `${id}-name-error` : undefined}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </span>
        <FieldErrors id={`${id}-name-error`} messages={problems?.name ? [problems.name] : undefined} />
      </div>
      <div className="console-parameter-value" data-field={`params.${index}.value`}>
        <label htmlFor={`${id}-value`}>Value {parsed.ok && <span className="type">{typeOf(parsed.value)}</span>}</label>
        <input
          id={`${id}-value`}
          type="text"
          className="code-input"
          value={row.value}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problems?.value ? true : undefined}
          aria-describedby={problems?.value ? `${id}-value-error` : undefined}
          onChange={(event) => onChange({ value: event.target.value })}
        />
        <FieldErrors id={`${id}-value-error`} messages={problems?.value ? [problems.value] : undefined} />
      </div>
      <div className="console-parameter-remove">
        <RemoveButton name={`parameter ${row.name || n}`} tone="subtle" onRemove={onRemove} />
      </div>
    </fieldset>
  );
}
