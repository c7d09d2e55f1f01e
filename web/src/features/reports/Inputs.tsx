// A report's inputs above its rows: text inputs, and autocomplete inputs whose choices come from
// their own query. Panels re-run with the values chosen here.
import { useEffect, useState } from "react";
import type { ReportInput, ReportVersion } from "../../types";
import { type InputValues, inputQueryPath, type RunQuery, useReportQuery } from "./query";
import { label } from "./panels/values";

/** Each input's starting value: its default's value, else none (null reaches the query). */
export const initialInputs = (inputs: ReportInput[]): InputValues => Object.fromEntries(inputs.map((input) => [input.input_id, input.default?.value ?? null]));

export function ReportInputs({
  report,
  run,
  values,
  onChange,
}: {
  report: ReportVersion;
  run: RunQuery | null;
  values: InputValues;
  onChange(values: InputValues): void;
}) {
  const inputs = report.config.inputs;
  if (inputs.length === 0) return null;
  const set = (id: string, value: unknown) => onChange({ ...values, [id]: value });
  return (
    <form className="report-inputs" aria-label="Report inputs" onSubmit={(event) => event.preventDefault()}>
      {inputs.map((input, index) => (
        <div key={input.input_id} className="field report-input" style={{ gridColumn: `span ${input.size}` }}>
          {input.type === "autocomplete" ? (
            <ChoiceInput input={input} run={run} path={inputQueryPath(index)} value={values[input.input_id]} onChange={(value) => set(input.input_id, value)} />
          ) : (
            <TextInput input={input} value={values[input.input_id]} onChange={(value) => set(input.input_id, value)} />
          )}
        </div>
      ))}
    </form>
  );
}

const inputId = (input: ReportInput) => `report-input-${input.input_id}`;

/** Typing waits a moment before the panels re-run, so each keystroke does not run every query. */
function TextInput({ input, value, onChange }: { input: ReportInput; value: unknown; onChange(value: unknown): void }) {
  const [text, setText] = useState(value === null || value === undefined ? "" : String(value));
  useEffect(() => {
    const current = value === null || value === undefined ? "" : String(value);
    if (text === current) return;
    const timer = setTimeout(() => onChange(text === "" ? null : text), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <>
      <label htmlFor={inputId(input)}>{input.label}</label>
      <input id={inputId(input)} type="text" value={text} onChange={(event) => setText(event.target.value)} />
    </>
  );
}

/** The choices as a select: "Any" (null) first, the default kept even if the query no longer returns it. */
function ChoiceInput({
  input,
  run,
  path,
  value,
  onChange,
}: {
  input: ReportInput;
  run: RunQuery | null;
  path: string;
  value: unknown;
  onChange(value: unknown): void;
}) {
  const state = useReportQuery(run, path, {});
  const choices = new Map<string, { value: unknown; label: string }>();
  if (input.default) choices.set(JSON.stringify(input.default.value), { value: input.default.value, label: input.default.label });
  if (state.status === "done")
    for (const row of state.rows) if ("value" in row) choices.set(JSON.stringify(row.value), { value: row.value, label: label(row.label ?? row.value) });
  const selected = value === null || value === undefined ? "" : JSON.stringify(value);
  return (
    <>
      <label htmlFor={inputId(input)}>{input.label}</label>
      <select
        id={inputId(input)}
        value={selected}
        aria-busy={state.status === "loading"}
        onChange={(event) => onChange(event.target.value === "" ? null : choices.get(event.target.value)?.value)}
      >
        <option value="">Any</option>
        {[...choices].map(([key, choice]) => (
          <option key={key} value={key}>
            {choice.label}
          </option>
        ))}
      </select>
      {state.status === "error" && (
        <span className="field-error" role="alert">
          The choices could not be loaded; the default still applies.
        </span>
      )}
    </>
  );
}
