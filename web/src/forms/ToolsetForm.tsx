// Create or edit a toolset: id (read-only when editing), name, description and enabled; the
// kit's form shell adds the comment for the version history and saves it.
import { useState } from "react";
import { CheckboxField, TextField } from "../components/Fields";
import { useEdited } from "../hooks";
import { FormShell } from "../kit/FormShell";
import type { FormProps } from "../kit/resource";
import { useVersionedForm } from "../kit/versioned-form";
import type { Toolset, ToolsetDefinition } from "../types";
import { IdField } from "../kit/IdField";

const FIELDS = new Set(["id", "name", "description", "enabled"]);
const RULES = { shown: (field: string) => FIELDS.has(field) };

export function ToolsetForm(props: FormProps<Toolset>) {
  const { item: toolset } = props;
  const form = useVersionedForm<Toolset, ToolsetDefinition>(props, RULES);
  const [id, setId] = useState(toolset?.id ?? "");
  const [name, setName] = useState(toolset?.name ?? "");
  const [description, setDescription] = useState(toolset?.description ?? "");
  const [enabled, setEnabled] = useState(toolset?.enabled ?? true);
  const edited = useEdited({ id, name, description, enabled });
  const { errors } = form;

  const load = (latest: Toolset) => {
    setName(latest.name);
    setDescription(latest.description);
    setEnabled(latest.enabled);
  };

  return (
    <FormShell
      form={form}
      edited={edited}
      onSubmit={() => void form.save(id, { name, description, enabled })}
      onCancel={props.onCancel}
      onReload={() => void form.reload(load)}
    >
      <IdField
        mode={form.mode}
        value={id}
        onChange={setId}
        error={errors.fields.id}
        createHint="Immutable lower_snake_case id; MCP tool names are {toolset_id}__{tool_id}."
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
    </FormShell>
  );
}
