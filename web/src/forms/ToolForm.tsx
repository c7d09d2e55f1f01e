// Create or edit a tool: id (read-only when editing), name, description, the Cypher query in
// Neo4j's editor (which marks the server's issues in place), typed parameters and enabled; the
// kit's form shell adds the comment for the version history and saves it.
import { useId, useState } from "react";
import { useEdited } from "../hooks";
import { CypherField } from "../components/CypherField";
import { issueMessage } from "../components/cypher-positions";
import { CheckboxField, FieldErrors, TextField } from "../components/Fields";
import { FormShell } from "../kit/FormShell";
import type { FormProps } from "../kit/resource";
import { useVersionedForm } from "../kit/versioned-form";
import type { FieldIssue, Tool, ToolDefinition } from "../types";
import { fromDraft, ParametersEditor, toDraft, type ParameterDraft } from "./ParametersEditor";
import { IdField } from "../kit/IdField";

const RULES = {
  shown: (field: string) =>
    ["id", "name", "description", "enabled", "parameters"].includes(field) || /^parameters\.\d+(\.(name|type|description|required|default))?$/.test(field),
  marked: ["cypher"],
};
/** One empty list, so the editor sees no change of its issues while there are none. */
const NO_ISSUES: FieldIssue[] = [];

export function ToolForm({ toolsetId, ...props }: FormProps<Tool> & { toolsetId: string }) {
  const { item: tool } = props;
  const form = useVersionedForm<Tool, ToolDefinition>(props, RULES);
  const [id, setId] = useState(tool?.id ?? "");
  const [name, setName] = useState(tool?.name ?? "");
  const [description, setDescription] = useState(tool?.description ?? "");
  const [cypher, setCypher] = useState(tool?.cypher ?? "");
  const [parameters, setParameters] = useState<ParameterDraft[]>(() => (tool?.parameters ?? []).map(toDraft));
  const [enabled, setEnabled] = useState(tool?.enabled ?? true);
  const edited = useEdited({ id, name, description, cypher, parameters: parameters.map(fromDraft), enabled });
  const { errors, mode } = form;
  const cypherLabel = useId();
  const cypherErrors = useId();

  const load = (latest: Tool) => {
    setName(latest.name);
    setDescription(latest.description);
    setCypher(latest.cypher);
    setParameters(latest.parameters.map(toDraft));
    setEnabled(latest.enabled);
  };

  const cypherIssues = errors.marks.cypher ?? NO_ISSUES;
  const cypherMessages = cypherIssues.map(issueMessage);
  return (
    <FormShell
      form={form}
      edited={edited}
      onSubmit={() => void form.save(id, { name, description, cypher, parameters: parameters.map(fromDraft), enabled })}
      onCancel={props.onCancel}
      onReload={() => void form.reload(load)}
    >
      <div className="form-grid">
        <IdField
          mode={mode}
          value={id}
          onChange={setId}
          error={errors.fields.id}
          createHint={`Immutable lower_snake_case id; the MCP tool is ${toolsetId}__${id || "{id}"}.`}
          editHint={`MCP tool name: ${toolsetId}__${id}.`}
        />
        <TextField label="Name" name="name" value={name} onChange={setName} required error={errors.fields.name} />
      </div>
      <TextField
        label="Description"
        name="description"
        value={description}
        onChange={setDescription}
        multiline
        error={errors.fields.description}
        hint="Shown to the agent as the tool's purpose."
      />
      <div className="field" data-field="cypher">
        <span className="field-label" id={cypherLabel}>
          Cypher
        </span>
        <CypherField
          value={cypher}
          onChange={setCypher}
          issues={cypherIssues}
          labelledBy={cypherLabel}
          describedBy={cypherMessages.length ? cypherErrors : undefined}
          invalid={cypherMessages.length > 0}
        />
        <p className="hint">A read-only query. Writes (CREATE, MERGE, SET, DELETE, …) and syntax errors are rejected when you save.</p>
        <FieldErrors id={cypherErrors} messages={cypherMessages} />
      </div>
      <ParametersEditor drafts={parameters} onChange={setParameters} errors={errors.fields} />
      <CheckboxField
        label="Enabled"
        name="enabled"
        checked={enabled}
        onChange={setEnabled}
        hint="When disabled, the tool is hidden from MCP clients (it can still be tried here)."
      />
    </FormShell>
  );
}
