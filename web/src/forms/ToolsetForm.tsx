// Create or edit a toolset: id (read-only when editing), name, description, enabled, and a
// comment for the version history. Updates name the version they were based on.
import { useState } from "react";
import { api, apiPath, get } from "../api";
import { CheckboxField, TextField } from "../components/Fields";
import { useEdited } from "../hooks";
import type { Toolset } from "../types";
import { formErrors, noErrors, type FormErrors } from "./errors";
import { FormShell } from "./FormShell";

const FIELDS = new Set(["id", "name", "description", "enabled", "comment"]);

export function ToolsetForm({ toolset, onSaved, onCancel }: { toolset?: Toolset; onSaved(toolset: Toolset): void; onCancel(): void }) {
  const mode = toolset ? "edit" : "create";
  const [id, setId] = useState(toolset?.id ?? "");
  const [name, setName] = useState(toolset?.name ?? "");
  const [description, setDescription] = useState(toolset?.description ?? "");
  const [enabled, setEnabled] = useState(toolset?.enabled ?? true);
  const [comment, setComment] = useState("");
  const [baseVersion, setBaseVersion] = useState(toolset?.version ?? 0);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const edited = useEdited({ id, name, description, enabled, comment });

  const submit = async () => {
    setBusy(true);
    setErrors(noErrors);
    setNotice(null);
    try {
      const saved =
        mode === "create"
          ? await api<Toolset>("POST", "/toolsets", { id, name, description, enabled })
          : await api<Toolset>("PATCH", apiPath("toolsets", id), {
              name,
              description,
              enabled,
              base_version: baseVersion,
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            });
      onSaved(saved);
    } catch (error) {
      setErrors(formErrors(error, (field) => FIELDS.has(field), mode, "toolset"));
      setBusy(false);
    }
  };

  const reload = async () => {
    try {
      const latest = await get<Toolset>(apiPath("toolsets", id));
      setName(latest.name);
      setDescription(latest.description);
      setEnabled(latest.enabled);
      setBaseVersion(latest.version ?? 0);
      setErrors(noErrors);
      setNotice(`Loaded the latest version (${latest.version}). Make your change again and save.`);
    } catch (error) {
      setErrors(formErrors(error, () => false, mode, "toolset"));
    }
  };

  return (
    <FormShell
      errors={errors}
      busy={busy}
      edited={edited}
      kind="toolset"
      notice={notice}
      submitLabel={mode === "create" ? "Create toolset" : "Save changes"}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      onReload={() => void reload()}
    >
      <TextField
        label="ID"
        name="id"
        value={id}
        onChange={setId}
        readOnly={mode === "edit"}
        required
        error={errors.fields.id}
        hint={mode === "create" ? "Immutable lower_snake_case id; MCP tool names are {toolset_id}__{tool_id}." : "The id cannot be changed."}
      />
      <TextField label="Name" name="name" value={name} onChange={setName} required error={errors.fields.name} />
      <TextField label="Description" name="description" value={description} onChange={setDescription} multiline error={errors.fields.description} />
      <CheckboxField
        label="Enabled"
        name="enabled"
        checked={enabled}
        onChange={setEnabled}
        hint="When disabled, none of this toolset's tools are exposed over MCP."
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
