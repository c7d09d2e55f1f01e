// Create or edit a user-defined role: id (read-only when editing), description and the
// permissions it grants; the kit's DraftForm adds the id field and the comment for the version
// history, and saves it.
import { TextField } from "../components/Fields";
import { DraftForm } from "../kit/DraftForm";
import type { FormProps } from "../kit/resource";
import type { Permission, Role, RoleDefinition } from "../types";
import { PermissionsField } from "./PermissionsField";

const RULES = { shown: (field: string) => ["id", "description", "permissions"].includes(field) || /^permissions\.\d+$/.test(field) };

const draftOf = (role?: Role) => ({ id: role?.id ?? "", description: role?.description ?? "", permissions: role?.permissions ?? [] });

export function RoleForm({ catalogue, ...props }: FormProps<Role> & { catalogue: Permission[] }) {
  return (
    <DraftForm<Role, RoleDefinition, ReturnType<typeof draftOf>>
      props={props}
      rules={RULES}
      draftOf={draftOf}
      definition={({ id: _, ...definition }) => definition}
      idHint="The role name tokens carry (in the RBAC_ROLE_CLAIM claim): lowercase letters, digits, - and _; seizu- is reserved."
    >
      {({ value, set }, { errors }) => (
        <>
          <TextField
            label="Description"
            name="description"
            value={value.description}
            onChange={set("description")}
            multiline
            error={errors.fields.description}
          />
          <PermissionsField catalogue={catalogue} value={value.permissions} onChange={set("permissions")} error={permissionErrors(errors.fields)} />
        </>
      )}
    </DraftForm>
  );
}

/** Issues of one permission ("permissions.2") show with the list as a whole. */
const permissionErrors = (fields: Record<string, string[]>) =>
  Object.entries(fields).flatMap(([field, messages]) => (field === "permissions" || field.startsWith("permissions.") ? messages : []));
