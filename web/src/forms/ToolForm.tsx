// Create or edit a tool: id (read-only when editing), name, description, the Cypher query in
// Neo4j's editor (which marks the server's issues in place), typed parameters and enabled; the
// kit's DraftForm adds the comment for the version history and saves it (the id field sits here,
// beside the name, with the MCP tool name it makes).
import { useId } from "react";
import { CypherField } from "../components/CypherField";
import { issueMessage } from "../components/cypher-positions";
import { CheckboxField, FieldErrors, TextField } from "../components/Fields";
import type { Draft } from "../kit/draft";
import { DraftForm } from "../kit/DraftForm";
import type { FormProps } from "../kit/resource";
import type { VersionedForm } from "../kit/versioned-form";
import type { FieldIssue, Tool, ToolDefinition } from "../types";
import { fromDraft, ParametersEditor, toDraft } from "./ParametersEditor";
import { IdField } from "../kit/IdField";

const RULES = {
  shown: (field: string) =>
    ["id", "name", "description", "enabled", "parameters"].includes(field) || /^parameters\.\d+(\.(name|type|description|required|default))?$/.test(field),
  marked: ["cypher"],
};
/** One empty list, so the editor sees no change of its issues while there are none. */
const NO_ISSUES: FieldIssue[] = [];

const draftOf = (tool?: Partial<Tool>) => ({
  id: tool?.id ?? "",
  name: tool?.name ?? "",
  description: tool?.description ?? "",
  cypher: tool?.cypher ?? "",
  parameters: (tool?.parameters ?? []).map(toDraft),
  enabled: tool?.enabled ?? true,
});

/** The definition a draft saves: its parameters as typed values. */
const definitionOf = ({ id: _, ...definition }: ToolDraft): ToolDefinition => ({
  ...definition,
  parameters: definition.parameters.map(fromDraft),
});

type ToolDraft = ReturnType<typeof draftOf>;

/** `prefill` starts a new tool from a query (the console's Save as tool); editing ignores it. */
export function ToolForm({ toolsetId, prefill, ...props }: FormProps<Tool> & { toolsetId: string; prefill?: Partial<Tool> }) {
  return (
    <DraftForm<Tool, ToolDefinition, ToolDraft>
      props={props}
      rules={RULES}
      draftOf={(tool) => draftOf(tool ?? prefill)}
      // The parameters count as edited by what they save, not by the editor's row keys.
      compared={(value) => ({ ...value, parameters: value.parameters.map(fromDraft) })}
      definition={definitionOf}
    >
      {(draft, form) => <ToolFields toolsetId={toolsetId} draft={draft} form={form} />}
    </DraftForm>
  );
}

function ToolFields({ toolsetId, draft, form }: { toolsetId: string; draft: Draft<ToolDraft>; form: VersionedForm<Tool, ToolDefinition> }) {
  const { id, name, description, cypher, parameters, enabled } = draft.value;
  const { errors, mode } = form;
  const cypherLabel = useId();
  const cypherErrors = useId();

  const cypherIssues = errors.marks.cypher ?? NO_ISSUES;
  const cypherMessages = cypherIssues.map(issueMessage);
  return (
    <>
      <div className="form-grid">
        <IdField
          mode={mode}
          value={id}
          onChange={draft.set("id")}
          error={errors.fields.id}
          createHint={`Immutable lower_snake_case id; the MCP tool is ${toolsetId}__${id || "{id}"}.`}
          editHint={`MCP tool name: ${toolsetId}__${id}.`}
        />
        <TextField label="Name" name="name" value={name} onChange={draft.set("name")} required error={errors.fields.name} />
      </div>
      <TextField
        label="Description"
        name="description"
        value={description}
        onChange={draft.set("description")}
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
          onChange={draft.set("cypher")}
          issues={cypherIssues}
          labelledBy={cypherLabel}
          describedBy={cypherMessages.length ? cypherErrors : undefined}
          invalid={cypherMessages.length > 0}
        />
        <p className="hint">A read-only query. Writes (CREATE, MERGE, SET, DELETE, …) and syntax errors are rejected when you save.</p>
        <FieldErrors id={cypherErrors} messages={cypherMessages} />
      </div>
      <ParametersEditor rows={parameters} onChange={draft.set("parameters")} errors={errors.fields} />
      <CheckboxField
        label="Enabled"
        name="enabled"
        checked={enabled}
        onChange={draft.set("enabled")}
        hint="When disabled, the tool is hidden from MCP clients (it can still be tried here)."
      />
    </>
  );
}
