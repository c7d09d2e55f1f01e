// Create or edit a toolset: id (read-only when editing), name, description and enabled; the
// kit's DraftForm adds the id field and the comment for the version history, and saves it.
import { CheckboxField, TextField } from "../components/Fields";
import { DraftForm } from "../kit/DraftForm";
import type { FormProps } from "../kit/resource";
import type { Toolset, ToolsetDefinition } from "../types";

const FIELDS = new Set(["id", "name", "description", "enabled"]);
const RULES = { shown: (field: string) => FIELDS.has(field) };

const draftOf = (toolset?: Toolset) => ({
  id: toolset?.id ?? "",
  name: toolset?.name ?? "",
  description: toolset?.description ?? "",
  enabled: toolset?.enabled ?? true,
});

export function ToolsetForm(props: FormProps<Toolset>) {
  return (
    <DraftForm<Toolset, ToolsetDefinition, ReturnType<typeof draftOf>>
      props={props}
      rules={RULES}
      draftOf={draftOf}
      definition={({ id: _, ...definition }) => definition}
      idHint="Immutable lower_snake_case id; MCP tool names are {toolset_id}__{tool_id}."
    >
      {({ value, set }, { errors }) => (
        <>
          <TextField label="Name" name="name" value={value.name} onChange={set("name")} required error={errors.fields.name} />
          <TextField
            label="Description"
            name="description"
            value={value.description}
            onChange={set("description")}
            multiline
            error={errors.fields.description}
          />
          <CheckboxField
            label="Enabled"
            name="enabled"
            checked={value.enabled}
            onChange={set("enabled")}
            hint="When disabled, none of this toolset's tools are exposed over MCP."
          />
        </>
      )}
    </DraftForm>
  );
}
