// Try it: one typed input per parameter, a call through POST .../call, and the result in any
// of its three shapes — the rows; the rows that fit with a truncation notice; or a message.
import { useId, useState, type FormEvent } from "react";
import { ApiError, client, describeError } from "../api";
import { FieldErrors } from "../components/Fields";
import { ResultTable } from "../components/ResultTable";
import { ScalarInput } from "../components/ScalarInput";
import type { CallResult, Parameter, Tool } from "../types";

type Outcome = { kind: "result"; result: CallResult; ms: number } | { kind: "error"; message: string };

function argumentValue(parameter: Parameter, text: string): unknown {
  if (parameter.type === "string") return text;
  if (parameter.type === "boolean") return text === "true";
  const number = Number(text.trim());
  // Text that is not a number goes as typed, and the server names the argument.
  return Number.isFinite(number) ? number : text;
}

export function TryIt({ tool }: { tool: Tool }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();
  const inputId = useId();

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setRunning(true);
    setFieldErrors({});
    const args: Record<string, unknown> = {};
    for (const parameter of tool.parameters) {
      const text = values[parameter.name] ?? "";
      if (text !== "") args[parameter.name] = argumentValue(parameter, text);
    }
    const started = performance.now();
    try {
      const { results } = await client.call("toolsets_tool_call", { params: { toolset_id: tool.toolset_id, tool_id: tool.id }, body: { arguments: args } });
      setOutcome({ kind: "result", result: results, ms: Math.round(performance.now() - started) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.fields.length) {
        const byName: Record<string, string[]> = {};
        const other: string[] = [];
        for (const issue of error.fields) {
          const name = issue.field.replace(/^arguments\./, "");
          if (issue.field.startsWith("arguments.") && tool.parameters.some((parameter) => parameter.name === name))
            byName[name] = [...(byName[name] ?? []), issue.message];
          else other.push(`${issue.field}: ${issue.message}`);
        }
        setFieldErrors(byName);
        setOutcome(other.length ? { kind: "error", message: other.join("; ") } : null);
      } else {
        setOutcome({ kind: "error", message: describeError(error) });
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="panel try-it" aria-labelledby={headingId}>
      <h2 id={headingId}>Try it</h2>
      <form onSubmit={(event) => void run(event)} className="form try-form" noValidate>
        {tool.parameters.length === 0 && <p className="muted">This tool takes no parameters.</p>}
        {tool.parameters.map((parameter) => {
          const id = `${inputId}-${parameter.name}`;
          const errorId = `${id}-error`;
          const messages = fieldErrors[parameter.name];
          const common = {
            id,
            "aria-describedby": [`${id}-hint`, messages ? errorId : ""].filter(Boolean).join(" "),
            "aria-invalid": messages ? true : undefined,
            value: values[parameter.name] ?? "",
          };
          const set = (value: string) => setValues((current) => ({ ...current, [parameter.name]: value }));
          const placeholder =
            parameter.default !== undefined && parameter.default !== null
              ? `default: ${String(parameter.default)}`
              : parameter.required
                ? "required"
                : "null when empty";
          return (
            <div className="field" key={parameter.name} data-field={`arguments.${parameter.name}`}>
              <label htmlFor={id}>
                {parameter.name} <span className="type">{parameter.type}</span>
                {parameter.required && <span className="required"> (required)</span>}
              </label>
              <ScalarInput
                {...common}
                type={parameter.type}
                emptyOption={parameter.default !== undefined && parameter.default !== null ? `(default: ${String(parameter.default)})` : "(not set)"}
                placeholder={placeholder}
                onChange={set}
              />
              <p id={`${id}-hint`} className="hint">
                {parameter.description || "No description."}
              </p>
              <FieldErrors id={errorId} messages={messages} />
            </div>
          );
        })}
        <div className="form-actions start">
          <button type="submit" className="button primary" disabled={running}>
            {running ? "Running…" : "Run"}
          </button>
        </div>
      </form>
      <div aria-live="polite">{outcome && <Outcome outcome={outcome} />}</div>
    </section>
  );
}

const plural = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? "" : "s"}`;

function Outcome({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === "error")
    return (
      <div className="result-error" role="alert">
        <strong>The call failed.</strong> {outcome.message}
      </div>
    );
  const { result, ms } = outcome;
  if (typeof result === "string")
    return (
      <p className="notice warn" role="status">
        {result}
      </p>
    );
  if (!Array.isArray(result)) {
    const reasons = result.truncated_reasons.map((reason) =>
      reason === "row_limit" ? `the row limit of ${plural(result.max_rows, "row")}` : `the size limit of ${plural(result.max_bytes, "byte")}`,
    );
    // A call stops reading at the bound, so it knows a lower bound of the query's rows, not their number.
    const total = `the query has at least ${plural(result.total_rows_at_least, "row")}`;
    return (
      <>
        <p className="notice warn truncation" role="status">
          <strong>Truncated:</strong> showing the first {plural(result.returned, "row")}. The result hit {reasons.join(" and ")}; {total}.
        </p>
        <ResultTable rows={result.rows} caption="Tool result (truncated)" />
      </>
    );
  }
  if (result.length === 0) return <p className="notice">The query returned no rows ({ms} ms).</p>;
  return (
    <>
      <p className="result-summary">
        {plural(result.length, "row")} in {ms} ms
      </p>
      <ResultTable rows={result} caption="Tool result" />
    </>
  );
}
