// User-defined roles as a versioned resource of the UI kit: where they are, how texts name them,
// what deleting one destroys, and their actions with the role form. Roles have no page of their
// own: the role list shows them whole.
import { useVersionedActions } from "../kit/actions";
import { itemPath } from "../kit/paths";
import type { VersionedResource } from "../kit/resource";
import { RoleForm } from "../forms/RoleForm";
import { useSession } from "../session";
import type { Permission, Role } from "../types";
import { roleRights } from "./permissions";

export const ROLES = "/roles";
export const rolePath = (id: string) => itemPath(ROLES, id);

export const roleResource: VersionedResource<Role> = {
  noun: "role",
  label: (role) => role.id,
  editable: (role) => role,
  consequences: (role) => (
    <p>
      This permanently deletes <strong>{role.id}</strong> and its version history. Callers whose tokens name it lose the permissions it granted at once.
    </p>
  ),
};

/** `catalogue`: the permissions a role may grant, for the form. */
export function useRoleActions({ catalogue, onChanged }: { catalogue: Permission[]; onChanged(): void }) {
  const session = useSession();
  return useVersionedActions(roleResource, {
    collection: ROLES,
    rights: (role) => roleRights(session, role),
    form: (props) => <RoleForm {...props} catalogue={catalogue} />,
    onSaved: onChanged,
    onDeleted: onChanged,
  });
}
