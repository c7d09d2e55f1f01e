// Create or edit an item that groups others (a toolset, a skillset): id (read-only when editing),
// name, description and enabled; the kit's DraftForm adds the id field and the comment for the
// version history, and saves it. Each resource says what its id names and what disabling does.
import { CheckboxField, TextField } from "../components/Fields";
import { DraftForm } from "../kit/DraftForm";
import type { FormProps } from "../kit/resource";

interface Group {
  id: string;
  version?: number | undefined;
  name: string;
  description: string;
  enabled: boolean;
}

const FIELDS = new Set(["id", "name", "description", "enabled"]);
const RULES = { shown: (field: string) => FIELDS.has(field) };

const draftOf = (group?: Group) => ({
  id: group?.id ?? "",
  name: group?.name ?? "",
  description: group?.description ?? "",
  enabled: group?.enabled ?? true,
});

export function GroupForm<T extends Group>({ props, idHint, enabledHint }: { props: FormProps<T>; idHint: string; enabledHint: string }) {
  return (
    <DraftForm<T, Omit<ReturnType<typeof draftOf>, "id">, ReturnType<typeof draftOf>>
      props={props}
      rules={RULES}
      draftOf={draftOf}
      definition={({ id: _, ...definition }) => definition}
      idHint={idHint}
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
          <CheckboxField label="Enabled" name="enabled" checked={value.enabled} onChange={set("enabled")} hint={enabledHint} />
        </>
      )}
    </DraftForm>
  );
}
