// Create or edit a tool: id (read-only when editing), name, description, the Cypher query in
// Neo4j's editor (which marks the server's issues in place), typed parameters, enabled and how
// long its results may be served from the edge cache (empty: not cached); the
// kit's DraftForm adds the comment for the version history and saves it (the id field sits here,
// beside the name, with the MCP tool name it makes).
import { CypherField } from "../components/CypherField";
import { EditorField } from "../components/EditorField";
import { CheckboxField, TextField } from "../components/Fields";
import type { Draft } from "../kit/draft";
import { DraftForm } from "../kit/DraftForm";
import type { FormProps } from "../kit/resource";
import type { VersionedForm } from "../kit/versioned-form";
import type { FieldIssue, Tool, ToolDefinition } from "../types";
import { fromDraft, ParametersEditor, toDraft } from "./ParametersEditor";
import { NamedItemFields } from "../kit/NamedItemFields";

const RULES = {
  shown: (field: string) =>
    ["id", "name", "description", "enabled", "parameters", "cache_ttl_seconds"].includes(field) ||
    /^parameters\.\d+(\.(name|type|description|required|default))?$/.test(field),
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
  cache_ttl_seconds: tool?.cache_ttl_seconds ? String(tool.cache_ttl_seconds) : "",
});

/**
 * The field's text as the TTL: empty is 0 (a change is PATCHed, so empty must say "off" rather
 * than leave the field out); text that is not a number goes as typed, for the server to name.
 */
const ttlOf = (text: string) => (text.trim() === "" ? 0 : /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : (text as unknown as number));

/** The definition a draft saves: its parameters as typed values. */
const definitionOf = ({ id: _, ...definition }: ToolDraft): ToolDefinition => ({
  ...definition,
  parameters: definition.parameters.map(fromDraft),
  cache_ttl_seconds: ttlOf(definition.cache_ttl_seconds),
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
  const { id, cypher, parameters, enabled, cache_ttl_seconds } = draft.value;
  const { errors } = form;
  return (
    <>
      <NamedItemFields
        draft={draft}
        form={form}
        createHint={`Immutable lower_snake_case id; the MCP tool is ${toolsetId}__${id || "{id}"}.`}
        editHint={`MCP tool name: ${toolsetId}__${id}.`}
        descriptionHint="Shown to the agent as the tool's purpose."
      />
      <EditorField
        name="cypher"
        label="Cypher"
        hint="A read-only query. Writes (CREATE, MERGE, SET, DELETE, …) and syntax errors are rejected when you save."
        issues={errors.marks.cypher ?? NO_ISSUES}
      >
        {(control) => <CypherField value={cypher} onChange={draft.set("cypher")} {...control} />}
      </EditorField>
      <ParametersEditor rows={parameters} onChange={draft.set("parameters")} errors={errors.fields} sensitive />
      <CheckboxField
        label="Enabled"
        name="enabled"
        checked={enabled}
        onChange={draft.set("enabled")}
        hint="When disabled, the tool is hidden from MCP clients (it can still be tried here)."
      />
      <TextField
        label="Cache results for (seconds)"
        name="cache_ttl_seconds"
        value={cache_ttl_seconds}
        onChange={draft.set("cache_ttl_seconds")}
        error={errors.fields.cache_ttl_seconds}
        placeholder="Not cached"
        hint="Calls with the same arguments within this many seconds are answered from the edge cache without asking Neo4j (at most 86400). Empty or 0: not cached."
      />
    </>
  );
}
