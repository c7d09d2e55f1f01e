// Create or edit a tool: id (read-only when editing), name, description, the Cypher query in
// Neo4j's editor, typed parameters, enabled, and a comment for the version history.
import { useId, useState } from "react";
import { api, apiPath, get } from "../api";
import { useEdited } from "../hooks";
import { CypherField } from "../components/CypherField";
import { CheckboxField, FieldErrors, TextField } from "../components/Fields";
import type { Tool } from "../types";
import { cypherMessage, formErrors, noErrors, type FormErrors } from "./errors";
import { FormShell } from "./FormShell";
import { fromDraft, ParametersEditor, toDraft, type ParameterDraft } from "./ParametersEditor";

const shown = (field: string) =>
  ["id", "name", "description", "enabled", "comment", "parameters"].includes(field) ||
  /^parameters\.\d+(\.(name|type|description|required|default))?$/.test(field);

export function ToolForm({ toolsetId, tool, onSaved, onCancel }: { toolsetId: string; tool?: Tool; onSaved(tool: Tool): void; onCancel(): void }) {
  const mode = tool ? "edit" : "create";
  const [id, setId] = useState(tool?.id ?? "");
  const [name, setName] = useState(tool?.name ?? "");
  const [description, setDescription] = useState(tool?.description ?? "");
  const [cypher, setCypher] = useState(tool?.cypher ?? "");
  const [parameters, setParameters] = useState<ParameterDraft[]>(() => (tool?.parameters ?? []).map(toDraft));
  const [enabled, setEnabled] = useState(tool?.enabled ?? true);
  const [comment, setComment] = useState("");
  const [baseVersion, setBaseVersion] = useState(tool?.version ?? 0);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const edited = useEdited({ id, name, description, cypher, parameters: parameters.map(fromDraft), enabled, comment });
  const cypherLabel = useId();
  const cypherErrors = useId();

  const load = (latest: Tool) => {
    setName(latest.name);
    setDescription(latest.description);
    setCypher(latest.cypher);
    setParameters(latest.parameters.map(toDraft));
    setEnabled(latest.enabled);
    setBaseVersion(latest.version ?? 0);
  };

  const submit = async () => {
    setBusy(true);
    setErrors(noErrors);
    setNotice(null);
    const body = { name, description, cypher, parameters: parameters.map(fromDraft), enabled };
    try {
      const saved =
        mode === "create"
          ? await api<Tool>("POST", apiPath("toolsets", toolsetId, "tools"), { id, ...body })
          : await api<Tool>("PATCH", apiPath("toolsets", toolsetId, "tools", id), {
              ...body,
              base_version: baseVersion,
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            });
      onSaved(saved);
    } catch (error) {
      setErrors(formErrors(error, shown, mode, "tool"));
      setBusy(false);
    }
  };

  const reload = async () => {
    try {
      const latest = await get<Tool>(apiPath("toolsets", toolsetId, "tools", id));
      load(latest);
      setErrors(noErrors);
      setNotice(`Loaded the latest version (${latest.version}). Make your change again and save.`);
    } catch (error) {
      setErrors(formErrors(error, () => false, mode, "tool"));
    }
  };

  const cypherMessages = errors.cypher.map(cypherMessage);
  return (
    <FormShell
      errors={errors}
      busy={busy}
      edited={edited}
      kind="tool"
      notice={notice}
      submitLabel={mode === "create" ? "Create tool" : "Save changes"}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      onReload={() => void reload()}
    >
      <div className="form-grid">
        <TextField
          label="ID"
          name="id"
          value={id}
          onChange={setId}
          readOnly={mode === "edit"}
          required
          error={errors.fields.id}
          hint={mode === "create" ? `Immutable lower_snake_case id; the MCP tool is ${toolsetId}__${id || "{id}"}.` : `MCP tool name: ${toolsetId}__${id}.`}
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
          issues={errors.cypher}
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
      {mode === "edit" && (
        <TextField
          label="Comment (optional)"
          name="comment"
          value={comment}
          onChange={setComment}
          error={errors.fields.comment}
          hint="Why you made this change; shown in the version history."
        />
      )}
    </FormShell>
  );
}
