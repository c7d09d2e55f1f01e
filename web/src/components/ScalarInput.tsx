// A value of a tool parameter's type, as typed: a boolean from a select (true, false, or the empty
// value), an integer or a float from a number input, a string from a text input. The text goes
// to `onChange` as it is; what it means (a default, an argument) is the caller's.
import type { ParameterType } from "../types";

export function ScalarInput({
  type,
  emptyOption,
  placeholder,
  onChange,
  ...control
}: {
  type: ParameterType;
  id: string;
  value: string;
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: boolean | undefined;
  /** The boolean select's empty option, saying what no value means. */
  emptyOption: string;
  /** The same for the other types' empty input. */
  placeholder: string;
  onChange(text: string): void;
}) {
  return type === "boolean" ? (
    <select {...control} onChange={(event) => onChange(event.target.value)}>
      <option value="">{emptyOption}</option>
      <option value="true">true</option>
      <option value="false">false</option>
    </select>
  ) : (
    <input
      {...control}
      type={type === "string" ? "text" : "number"}
      step={type === "integer" ? 1 : "any"}
      inputMode={type === "integer" ? "numeric" : type === "float" ? "decimal" : undefined}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
