// /roles: the built-in and user-defined roles with the permissions they grant; New role, Edit,
// history and Delete for user-defined roles, for callers who may change roles.
import { Link } from "wouter";
import { PageHeader } from "../components/Page";
import { Badge } from "../components/States";
import { ROLES, rolePath, useRoleActions } from "../features/roles";
import { useResource } from "../hooks";
import { historyHref } from "../kit/paths";
import { type Column, descriptionColumn } from "../kit/ResourceTable";
import { ResourceList } from "../kit/ResourceList";
import type { PageRoute } from "../routes";
import type { Role, RoleList } from "../types";

export const route: PageRoute = { path: ROLES, component: RolesPage, nav: { label: "Roles", href: ROLES, match: ROLES, order: 20 } };

const COLUMNS: Column<Role>[] = [
  {
    header: "Role",
    cell: (role) => (
      <>
        <strong>{role.id}</strong> {role.built_in ? <Badge tone="builtin">Built-in</Badge> : <Link href={historyHref(rolePath(role.id))}>v{role.version}</Link>}
        <div className="narrow-only muted small">{role.description}</div>
      </>
    ),
  },
  descriptionColumn(),
  {
    header: "Permissions",
    cell: (role) => (
      <ul className="permission-list" aria-label={`Permissions of ${role.id}`}>
        {role.permissions.map((permission) => (
          <li key={permission}>
            <code>{permission}</code>
          </li>
        ))}
      </ul>
    ),
  },
];

function RolesPage() {
  const roles = useResource<RoleList>(ROLES);
  const actions = useRoleActions({ catalogue: roles.data?.permissions ?? [], onChanged: () => void roles.reload() });

  return (
    <>
      <PageHeader title="Roles" actions={roles.data ? actions.newButton : null}>
        <p className="lede">
          A caller's roles come from their token (the <code>RBAC_ROLE_CLAIM</code> claim) and grant the union of their permissions. Built-in roles are fixed;
          user-defined ones are versioned.
        </p>
      </PageHeader>
      <ResourceList list={roles} items={(data) => data.roles} loading="Loading roles…" caption="Roles" columns={COLUMNS} menu={(role) => actions.menu(role)} />
      {actions.dialog}
    </>
  );
}
