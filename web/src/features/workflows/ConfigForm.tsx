// An activity's parameters (or a scheduled-query action's config) as a form, from its type's
// config_fields (GET /workflows/activity-types): string, text, number, boolean, string_list (a
// line each), select and parameters (name and value rows). Drafts keep what was typed; numbers
// and values that do not parse are sent as typed, for the server to name at their field.
import { useId } from "react";
import { Field, FieldErrors } from "../../components/Fields";
import { ListSection } from "../../kit/ListSection";
import { RemoveButton } from "../../kit/RowButtons";
import { editRows, rowKey } from "../../kit/rows";
import type { ActivityTypeView, ConfigField } from "../../types";

export interface ParamRow {
  key: number;
  name: string;
  /** As typed: JSON (5, true, ["a"]) or plain text. */
  value: string;
}
/** By field name: text for string, text, number, string_list and select; a boolean; or rows. */
export type ConfigDraft = Record<string, unknown>;

export type FieldsOf = (type: string) => ConfigField[];

/** The config fields of each activity type, by its name (none for a type the server does not know). */
export const configFieldsOf =
  (activityTypes: ActivityTypeView[]): FieldsOf =>
  (type) =>
    activityTypes.find((view) => view.type === type)?.config_fields ?? [];

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A value as its row shows it: text that would read back as something else is quoted. */
export const valueText = (value: unknown) => (typeof value === "string" && !parsesAsJson(value) ? value : JSON.stringify(value ?? null));
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const toParamRows = (params: unknown): ParamRow[] =>
  Array.isArray(params)
    ? params.map((param) => ({ key: rowKey(), name: String((param as { name?: unknown }).name ?? ""), value: valueText((param as { value?: unknown }).value) }))
    : [];
export const fromParamRows = (rows: ParamRow[]) => rows.map((row) => ({ name: row.name.trim(), value: parseValue(row.value) }));

/** The draft of saved values; without them (a new activity) the fields' defaults. */
export function toConfigDraft(fields: ConfigField[], values?: Record<string, unknown>): ConfigDraft {
  const draft: ConfigDraft = { ...values };
  for (const field of fields) {
    const value = values ? values[field.name] : field.default;
    if (field.type === "boolean") draft[field.name] = value === true;
    else if (field.type === "parameters") draft[field.name] = toParamRows(value);
    else if (field.type === "string_list") draft[field.name] = Array.isArray(value) ? value.join("\n") : value === undefined ? "" : String(value);
    else draft[field.name] = value === undefined || value === null ? "" : String(value);
  }
  return draft;
}

/** What is sent: empty optional fields left out; keys no field shows passed back as they were. */
export function fromConfigDraft(fields: ConfigField[], draft: ConfigDraft): Record<string, unknown> {
  const values: Record<string, unknown> = { ...draft };
  for (const field of fields) {
    const value = draft[field.name];
    delete values[field.name];
    if (field.type === "boolean") {
      if (value === true || field.required || field.default !== undefined) values[field.name] = value === true;
    } else if (field.type === "parameters") {
      const rows = (value as ParamRow[] | undefined) ?? [];
      if (rows.length > 0 || field.required) values[field.name] = fromParamRows(rows);
    } else if (field.type === "string_list") {
      const items = String(value ?? "")
        .split("\n")
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.length > 0 || field.required) values[field.name] = items;
    } else {
      const text = String(value ?? "");
      if (text.trim() === "") continue;
      if (field.type === "number") {
        const number = Number(text.trim());
        values[field.name] = Number.isFinite(number) ? number : text;
      } else values[field.name] = text;
    }
  }
  return values;
}

export function ConfigForm({
  fields,
  draft,
  onChange,
  prefix,
  errors,
}: {
  fields: ConfigField[];
  draft: ConfigDraft;
  onChange(draft: ConfigDraft): void;
  /** The path of the parameters object in the server's issues: stages.0.activities.1.parameters. */
  prefix: string;
  errors: Record<string, string[]>;
}) {
  if (fields.length === 0) return <p className="muted small">This type takes no parameters.</p>;
  const set = (name: string, value: unknown) => onChange({ ...draft, [name]: value });
  return (
    <div className="config-form">
      {fields.map((field) => (
        <ConfigInput
          key={field.name}
          field={field}
          value={draft[field.name]}
          onChange={(value) => set(field.name, value)}
          path={`${prefix}.${field.name}`}
          error={errors[`${prefix}.${field.name}`]}
        />
      ))}
    </div>
  );
}

function ConfigInput({
  field,
  value,
  onChange,
  path,
  error,
}: {
  field: ConfigField;
  value: unknown;
  onChange(value: unknown): void;
  path: string;
  error: string[] | undefined;
}) {
  const label = `${field.label}${field.required ? " (required)" : ""}`;
  const range = [field.minimum !== undefined && `at least ${field.minimum}`, field.maximum !== undefined && `at most ${field.maximum}`]
    .filter(Boolean)
    .join(", ");
  const hint = [field.description, range && `A number ${range}.`, field.type === "string_list" && "One per line."].filter(Boolean).join(" ") || undefined;
  const checkboxId = useId();
  if (field.type === "boolean") {
    return (
      <div className="field checkbox-field" data-field={path}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error?.length ? true : undefined}
          aria-describedby={error?.length ? `${checkboxId}-error` : undefined}
        />
        <label htmlFor={checkboxId}>{label}</label>
        {hint && <p className="hint">{hint}</p>}
        <FieldErrors id={`${checkboxId}-error`} messages={error} />
      </div>
    );
  }
  if (field.type === "parameters")
    return <ParamRows label={label} rows={(value as ParamRow[] | undefined) ?? []} onChange={onChange} path={path} error={error} hint={hint} />;
  const text = String(value ?? "");
  return (
    <Field label={label} error={error} hint={hint} name={path}>
      {(control) =>
        field.type === "select" ? (
          <select {...control} value={text} onChange={(event) => onChange(event.target.value)}>
            {(!field.required || text === "") && <option value="">{field.required ? "Choose…" : "(none)"}</option>}
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : field.type === "text" || field.type === "string_list" ? (
          <textarea
            {...control}
            className={field.name === "cypher" ? "code-input" : undefined}
            rows={field.name === "cypher" ? 5 : 3}
            value={text}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            {...control}
            type="text"
            inputMode={field.type === "number" ? "numeric" : undefined}
            value={text}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/** Named values (a query's parameters): a row each, the value as JSON or text. */
export function ParamRows({
  label,
  rows,
  onChange,
  path,
  error,
  hint,
  errors = {},
}: {
  label: string;
  rows: ParamRow[];
  onChange(rows: ParamRow[]): void;
  path: string;
  error: string[] | undefined;
  hint?: string | undefined;
  /** Issues of single rows, by path (params.0.name). */
  errors?: Record<string, string[]>;
}) {
  const edit = editRows(rows, onChange);
  return (
    <ListSection
      title={label}
      level={4}
      className="param-rows"
      field={path}
      hint={hint ?? 'Values are JSON (5, true, ["a"]); anything else is text.'}
      errors={error}
      addText={`+ Add ${label
        .replace(/ \(required\)$/, "")
        .toLowerCase()
        .replace(/s$/, "")}`}
      onAdd={() => edit.add({ key: rowKey(), name: "", value: "" })}
    >
      {rows.map((row, index) => (
        <div key={row.key} className="param-row" data-field={`${path}.${index}`}>
          {(["name", "value"] as const).map((part) => (
            <input
              key={part}
              type="text"
              aria-label={`${label}: ${part} ${index + 1}`}
              placeholder={part}
              value={row[part]}
              onChange={(event) => edit.change(row.key, { [part]: event.target.value })}
            />
          ))}
          <RemoveButton name={`${label.toLowerCase()} ${index + 1}`} onRemove={() => edit.remove(row.key)} />
          <FieldErrors
            messages={[...(errors[`${path}.${index}`] ?? []), ...(errors[`${path}.${index}.name`] ?? []), ...(errors[`${path}.${index}.value`] ?? [])]}
          />
        </div>
      ))}
    </ListSection>
  );
}
