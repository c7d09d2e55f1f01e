// Create or edit a user-defined role: id (read-only when editing), description and the
// permissions it grants; the kit's form shell adds the comment for the version history and
// saves it.
import { useState } from "react";
import { TextField } from "../components/Fields";
import { useEdited } from "../hooks";
import { FormShell } from "../kit/FormShell";
import type { FormProps } from "../kit/resource";
import { useVersionedForm } from "../kit/versioned-form";
import type { Permission, Role, RoleDefinition } from "../types";
import { PermissionsField } from "./PermissionsField";
import { IdField } from "../kit/IdField";

const RULES = { shown: (field: string) => ["id", "description", "permissions"].includes(field) || /^permissions\.\d+$/.test(field) };

export function RoleForm({ catalogue, ...props }: FormProps<Role> & { catalogue: Permission[] }) {
  const { item: role } = props;
  const form = useVersionedForm<Role, RoleDefinition>(props, RULES);
  const [id, setId] = useState(role?.id ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);
  const edited = useEdited({ id, description, permissions });
  const { errors } = form;
  // Issues of one permission ("permissions.2") show with the list as a whole.
  const permissionErrors = Object.entries(errors.fields).flatMap(([field, messages]) =>
    field === "permissions" || field.startsWith("permissions.") ? messages : [],
  );

  const load = (latest: Role) => {
    setDescription(latest.description);
    setPermissions(latest.permissions);
  };

  return (
    <FormShell
      form={form}
      edited={edited}
      onSubmit={() => void form.save(id, { description, permissions })}
      onCancel={props.onCancel}
      onReload={() => void form.reload(load)}
    >
      <IdField
        mode={form.mode}
        value={id}
        onChange={setId}
        error={errors.fields.id}
        createHint="The role name tokens carry (in the RBAC_ROLE_CLAIM claim): lowercase letters, digits, - and _; seizu- is reserved."
      />
      <TextField label="Description" name="description" value={description} onChange={setDescription} multiline error={errors.fields.description} />
      <PermissionsField catalogue={catalogue} value={permissions} onChange={setPermissions} error={permissionErrors} />
    </FormShell>
  );
}
