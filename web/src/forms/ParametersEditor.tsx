// The tool's parameters, one row each: name, type, description, required, default.
import { useId, type ReactNode } from "react";
import { parameterTypes } from "../../../worker/api";
import { FieldErrors } from "../components/Fields";
import type { Parameter, ParameterType, Scalar } from "../types";

export interface ParameterDraft {
  key: number;
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
  /** As typed; "" means no default. */
  default: string;
}

let nextKey = 1;

export function toDraft(parameter?: Parameter): ParameterDraft {
  const value = parameter?.default;
  return {
    key: nextKey++,
    name: parameter?.name ?? "",
    type: parameter?.type ?? "string",
    description: parameter?.description ?? "",
    required: parameter?.required ?? false,
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
  return parameter;
}

export function ParametersEditor({
  drafts,
  onChange,
  errors,
}: {
  drafts: ParameterDraft[];
  onChange(drafts: ParameterDraft[]): void;
  errors: Record<string, string[]>;
}) {
  const update = (key: number, change: Partial<ParameterDraft>) => onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
  const headingId = useId();
  return (
    <section className="parameters" aria-labelledby={headingId} data-field="parameters">
      <h3 id={headingId} className="field-label">
        Parameters
      </h3>
      <p className="hint">
        Passed to the query as named parameters: a parameter named <code>limit</code> is <code>$limit</code> in the Cypher.
      </p>
      <FieldErrors messages={errors.parameters} />
      {drafts.length === 0 && <p className="muted">No parameters.</p>}
      {drafts.map((draft, index) => (
        <ParameterRow
          key={draft.key}
          index={index}
          draft={draft}
          onChange={(change) => update(draft.key, change)}
          onRemove={() => onChange(drafts.filter((other) => other.key !== draft.key))}
          errors={(field) => errors[`parameters.${index}.${field}`]}
          rowErrors={errors[`parameters.${index}`]}
        />
      ))}
      <button type="button" className="button small" onClick={() => onChange([...drafts, toDraft()])}>
        + Add parameter
      </button>
    </section>
  );
}

function ParameterRow({
  index,
  draft,
  onChange,
  onRemove,
  errors,
  rowErrors,
}: {
  index: number;
  draft: ParameterDraft;
  onChange(change: Partial<ParameterDraft>): void;
  onRemove(): void;
  errors(field: string): string[] | undefined;
  rowErrors: string[] | undefined;
}) {
  const id = useId();
  const n = index + 1;
  const cell = (field: string, label: string, control: (controlId: string, describedBy: string | undefined) => ReactNode) => {
    const messages = errors(field);
    const errorId = `${id}-${field}-error`;
    return (
      <div className={`parameter-cell parameter-${field}`} data-field={`parameters.${index}.${field}`}>
        <label htmlFor={`${id}-${field}`}>{label}</label>
        {control(`${id}-${field}`, messages?.length ? errorId : undefined)}
        <FieldErrors id={errorId} messages={messages} />
      </div>
    );
  };
  return (
    <fieldset className="parameter-row">
      <legend className="visually-hidden">Parameter {n}</legend>
      {cell("name", "Name", (controlId, describedBy) => (
        <input
          id={controlId}
          type="text"
          value={draft.name}
          aria-describedby={describedBy}
          aria-invalid={describedBy ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      ))}
      {cell("type", "Type", (controlId, describedBy) => (
        <select
          id={controlId}
          value={draft.type}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ type: event.target.value as ParameterType, default: "" })}
        >
          {parameterTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      ))}
      {cell("description", "Description", (controlId, describedBy) => (
        <input
          id={controlId}
          type="text"
          value={draft.description}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      ))}
      {cell("default", "Default", (controlId, describedBy) =>
        draft.type === "boolean" ? (
          <select
            id={controlId}
            value={draft.default}
            aria-describedby={describedBy}
            aria-invalid={describedBy ? true : undefined}
            onChange={(event) => onChange({ default: event.target.value })}
          >
            <option value="">(none)</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        ) : (
          <input
            id={controlId}
            type={draft.type === "string" ? "text" : "number"}
            step={draft.type === "integer" ? 1 : "any"}
            inputMode={draft.type === "integer" ? "numeric" : draft.type === "float" ? "decimal" : undefined}
            value={draft.default}
            placeholder="(none)"
            aria-describedby={describedBy}
            aria-invalid={describedBy ? true : undefined}
            onChange={(event) => onChange({ default: event.target.value })}
          />
        ),
      )}
      <div className="parameter-cell parameter-required">
        <input id={`${id}-required`} type="checkbox" checked={draft.required} onChange={(event) => onChange({ required: event.target.checked })} />
        <label htmlFor={`${id}-required`}>Required</label>
      </div>
      <div className="parameter-cell parameter-remove">
        <button type="button" className="button small subtle" onClick={onRemove} aria-label={`Remove parameter ${draft.name || n}`}>
          Remove
        </button>
      </div>
      {rowErrors && <FieldErrors messages={rowErrors} />}
    </fieldset>
  );
}
