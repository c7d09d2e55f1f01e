// A skill's preview: one input per parameter, and the template rendered through POST .../render
// (as MCP prompts/get renders it) a moment after the values stop changing. An argument the
// server refuses is shown at its input; any other refusal (a disabled skill) above the text.
import { useEffect, useId, useState } from "react";
import { ApiError, client, describeError } from "../../api";
import { Field } from "../../components/Fields";
import { Panel } from "../../components/Panel";
import { ScalarInput } from "../../components/ScalarInput";
import type { Skill } from "./resource";

/** How long the values must rest before they are rendered. */
const DEBOUNCE_MS = 300;

type Outcome = { text: string } | { fields: Record<string, string[]>; message: string | null };

export function RenderPreview({ skill }: { skill: Skill }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    // Arguments go as typed: the server reads "3" as an integer, "true" as a boolean, as from MCP.
    const args = Object.fromEntries(Object.entries(values).filter(([, text]) => text !== ""));
    const timer = setTimeout(() => {
      setBusy(true);
      client
        .call("skillsets_skill_render", { params: { skillset_id: skill.skillset_id, skill_id: skill.id }, body: { arguments: args } })
        .then(({ text }) => live && setOutcome({ text }))
        .catch((error: unknown) => live && setOutcome(refusal(error)))
        .finally(() => live && setBusy(false));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [skill, values]);

  const fields = outcome && "fields" in outcome ? outcome.fields : {};
  return (
    <Panel title="Preview" actions={busy ? <span className="muted small">Rendering…</span> : undefined}>
      <form className="form render-form" noValidate onSubmit={(event) => event.preventDefault()}>
        {skill.parameters.length === 0 && <p className="muted">This skill takes no parameters.</p>}
        {skill.parameters.map((parameter) => (
          <Field
            key={parameter.name}
            label={parameter.name}
            name={`arguments.${parameter.name}`}
            error={fields[`arguments.${parameter.name}`]}
            hint={[parameter.type, parameter.required ? "required" : "optional", parameter.description].filter(Boolean).join(" · ")}
          >
            {(control) => (
              <ScalarInput
                {...control}
                type={parameter.type}
                value={values[parameter.name] ?? ""}
                emptyOption={parameter.default === undefined || parameter.default === null ? "(none)" : `default: ${String(parameter.default)}`}
                placeholder={parameter.default === undefined || parameter.default === null ? "" : `default: ${String(parameter.default)}`}
                onChange={(text) => setValues((current) => ({ ...current, [parameter.name]: text }))}
              />
            )}
          </Field>
        ))}
      </form>
      {outcome && "message" in outcome && outcome.message && (
        <p className="notice warn" role="alert">
          {outcome.message}
        </p>
      )}
      <h3 className="field-label" id={headingId}>
        Rendered prompt
      </h3>
      <section className="rendered-prompt" aria-labelledby={headingId} aria-live="polite">
        {outcome && "text" in outcome ? outcome.text : ""}
      </section>
    </Panel>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function refusal(error: unknown): Outcome {
  if (!(error instanceof ApiError) || error.status !== 422) return { fields: {}, message: describeError(error) };
  const fields: Record<string, string[]> = {};
  const other: string[] = [];
  for (const issue of error.fields) {
    if (issue.field.startsWith("arguments.")) fields[issue.field] = [...(fields[issue.field] ?? []), capitalise(issue.message)];
    else other.push(`${issue.field}: ${issue.message}`);
  }
  return { fields, message: other.length ? other.join("; ") : null };
}
