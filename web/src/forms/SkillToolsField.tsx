// The MCP tools a skill requires: the chosen names, each removable, and a box that offers every
// tool the server lists (built-in graph__* tools too) to add another; a name can also be typed.
import { useId, useState } from "react";
import { FieldErrors } from "../components/Fields";
import { useToolNames } from "../features/skillsets/tool-names";
import { RemoveButton } from "../kit/RowButtons";

export function SkillToolsField({ value, onChange, errors }: { value: string[]; onChange(value: string[]): void; errors: Record<string, string[]> }) {
  const id = useId();
  const known = useToolNames();
  const [typed, setTyped] = useState("");
  const name = typed.trim();
  const add = () => {
    if (name && !value.includes(name)) onChange([...value, name]);
    setTyped("");
  };
  const messages = [
    ...(errors.tools_required ?? []),
    ...value.flatMap((tool, index) => (errors[`tools_required.${index}`] ?? []).map((message) => `${tool}: ${message}`)),
  ];
  return (
    <section className="field skill-tools" data-field="tools_required" aria-labelledby={`${id}-title`}>
      <h3 className="field-label" id={`${id}-title`}>
        Required tools
      </h3>
      <p className="hint">MCP tools the skill uses; each must exist when the skill is saved.</p>
      {value.length === 0 ? (
        <p className="muted">No tools required.</p>
      ) : (
        <ul className="chip-list" aria-label="Required tools">
          {value.map((tool) => (
            <li key={tool} className="chip">
              <code>{tool}</code>
              <RemoveButton name={`tool ${tool}`} tone="subtle" onRemove={() => onChange(value.filter((chosen) => chosen !== tool))} />
            </li>
          ))}
        </ul>
      )}
      <div className="inline-add">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Tool to require
        </label>
        <input
          id={`${id}-input`}
          type="text"
          list={`${id}-tools`}
          value={typed}
          placeholder="toolset__tool or graph__query"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <datalist id={`${id}-tools`}>
          {known
            .filter((tool) => !value.includes(tool))
            .map((tool) => (
              <option key={tool} value={tool} />
            ))}
        </datalist>
        <button type="button" className="button small" disabled={!name} onClick={add}>
          Add tool
        </button>
      </div>
      <FieldErrors messages={messages} />
    </section>
  );
}
