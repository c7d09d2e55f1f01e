// The tool's parameters, one row each: name, type, description, required, default, and for a
// tool's parameters whether they are sensitive (never stored in the audit log).
import { useId, type ReactNode } from "react";
import { parameterTypes } from "../../../worker/api";
import { FieldErrors } from "../components/Fields";
import { ScalarInput } from "../components/ScalarInput";
import { ListSection } from "../kit/ListSection";
import { RemoveButton } from "../kit/RowButtons";
import { editRows, type RowsProps, rowKey } from "../kit/rows";
import type { Parameter, ParameterType, Scalar } from "../types";

export interface ParameterDraft {
  key: number;
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
  /** Never stored in the audit log; only a tool's parameters have the mark. */
  sensitive: boolean;
  /** As typed; "" means no default. */
  default: string;
}

export function toDraft(parameter?: Parameter): ParameterDraft {
  const value = parameter?.default;
  return {
    key: rowKey(),
    name: parameter?.name ?? "",
    type: parameter?.type ?? "string",
    description: parameter?.description ?? "",
    required: parameter?.required ?? false,
    sensitive: parameter?.sensitive ?? false,
    default: value === undefined || value === null ? "" : String(value),
  };
}

/** The typed default; text that is not a number of the parameter's type is sent as typed, for the server to name. */
function parseDefault(type: ParameterType, text: string): Scalar {
  if (type === "string") return text;
  if (type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  const number = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(number) ? number : text;
}

export function fromDraft(draft: ParameterDraft): Parameter {
  const parameter: Parameter = { name: draft.name.trim(), type: draft.type, description: draft.description, required: draft.required };
  if (draft.default !== "") parameter.default = parseDefault(draft.type, draft.default);
  if (draft.sensitive) parameter.sensitive = true;
  return parameter;
}

const QUERY_HINT = (
  <>
    Passed to the query as named parameters: a parameter named <code>limit</code> is <code>$limit</code> in the Cypher.
  </>
);

/** `hint`: what the parameters are for, where not a tool's query (a skill's template); `sensitive`: whether a parameter can be marked sensitive (a tool's). */
export function ParametersEditor({
  rows: drafts,
  onChange,
  errors,
  hint = QUERY_HINT,
  sensitive = false,
}: RowsProps<ParameterDraft> & { hint?: ReactNode; sensitive?: boolean }) {
  const edit = editRows(drafts, onChange);
  return (
    <ListSection
      title="Parameters"
      level={3}
      className="parameters"
      field="parameters"
      hint={hint}
      errors={errors.parameters}
      addText="+ Add parameter"
      onAdd={() => edit.add(toDraft())}
    >
      {drafts.length === 0 && <p className="muted">No parameters.</p>}
      {drafts.map((draft, index) => (
        <ParameterRow
          key={draft.key}
          index={index}
          draft={draft}
          sensitive={sensitive}
          onChange={(change) => edit.change(draft.key, change)}
          onRemove={() => edit.remove(draft.key)}
          errors={(field) => errors[`parameters.${index}.${field}`]}
          rowErrors={errors[`parameters.${index}`]}
        />
      ))}
    </ListSection>
  );
}

function ParameterRow({
  index,
  draft,
  sensitive,
  onChange,
  onRemove,
  errors,
  rowErrors,
}: {
  index: number;
  draft: ParameterDraft;
  sensitive: boolean;
  onChange(change: Partial<ParameterDraft>): void;
  onRemove(): void;
  errors(field: string): string[] | undefined;
  rowErrors: string[] | undefined;
}) {
  const id = useId();
  const n = index + 1;
  /** A labelled cell; `control` gets the ids its input carries, and whether the field has issues. */
  const cell = (
    field: string,
    label: string,
    control: (ids: { id: string; "aria-describedby": string | undefined }, invalid: true | undefined) => ReactNode,
  ) => {
    const messages = errors(field);
    const errorId = `${id}-${field}-error`;
    return (
      <div className={`parameter-cell parameter-${field}`} data-field={`parameters.${index}.${field}`}>
        <label htmlFor={`${id}-${field}`}>{label}</label>
        {control({ id: `${id}-${field}`, "aria-describedby": messages?.length ? errorId : undefined }, messages?.length ? true : undefined)}
        <FieldErrors id={errorId} messages={messages} />
      </div>
    );
  };
  return (
    <fieldset className="parameter-row">
      <legend className="visually-hidden">Parameter {n}</legend>
      {cell("name", "Name", (ids, invalid) => (
        <input
          {...ids}
          type="text"
          value={draft.name}
          aria-invalid={invalid}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      ))}
      {cell("type", "Type", (ids) => (
        <select {...ids} value={draft.type} onChange={(event) => onChange({ type: event.target.value as ParameterType, default: "" })}>
          {parameterTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      ))}
      {cell("description", "Description", (ids) => (
        <input {...ids} type="text" value={draft.description} onChange={(event) => onChange({ description: event.target.value })} />
      ))}
      {cell("default", "Default", (ids, invalid) => (
        <ScalarInput
          {...ids}
          aria-invalid={invalid}
          type={draft.type}
          value={draft.default}
          emptyOption="(none)"
          placeholder="(none)"
          onChange={(text) => onChange({ default: text })}
        />
      ))}
      <div className="parameter-cell parameter-required">
        <input id={`${id}-required`} type="checkbox" checked={draft.required} onChange={(event) => onChange({ required: event.target.checked })} />
        <label htmlFor={`${id}-required`}>Required</label>
        {sensitive && (
          <>
            <input
              id={`${id}-sensitive`}
              type="checkbox"
              checked={draft.sensitive}
              title="Its values are never stored in the audit log"
              onChange={(event) => onChange({ sensitive: event.target.checked })}
            />
            <label htmlFor={`${id}-sensitive`}>Sensitive</label>
          </>
        )}
      </div>
      <div className="parameter-cell parameter-remove">
        <RemoveButton name={`parameter ${draft.name || n}`} tone="subtle" onRemove={onRemove} />
      </div>
      {rowErrors && <FieldErrors messages={rowErrors} />}
    </fieldset>
  );
}
