// The type of a workflow's activity or of a scheduled query's action: one of the activity types
// the server offers (GET /workflows/activity-types), its description as the hint. A type the
// server does not know stays shown as it is, so a definition naming one still reads as saved.
import { Field } from "../../components/Fields";
import type { ActivityTypeView } from "../../types";

export function ActivityTypeField({
  label,
  name,
  error,
  value,
  types,
  onChange,
}: {
  label: string;
  name: string;
  error: string[] | undefined;
  value: string;
  types: ActivityTypeView[];
  onChange(type: string): void;
}) {
  const view = types.find((type) => type.type === value);
  return (
    <Field label={label} name={name} error={error} hint={view?.description}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {!view && <option value={value}>{value || "Choose…"}</option>}
          {types.map((type) => (
            <option key={type.type} value={type.type}>
              {type.type}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
