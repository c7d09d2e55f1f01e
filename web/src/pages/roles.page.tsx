// /roles: the built-in and user-defined roles with the permissions they grant; New role, Edit,
// history and Delete for user-defined roles, for callers who may change roles.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Menu } from "../components/Menu";
import { PageHeader } from "../components/Page";
import { Badge, ErrorState, Loading } from "../components/States";
import { roleHref, useRoleActions } from "../features/role-actions";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import type { Role, RoleList } from "../types";

export const route: PageRoute = { path: "/roles", component: RolesPage, nav: { label: "Roles", href: "/roles", match: "/roles", order: 20 } };

function RolesPage() {
  const roles = useResource<RoleList>("/roles");
  const actions = useRoleActions({ catalogue: roles.data?.permissions ?? [], onChanged: () => void roles.reload() });

  let body: ReactNode;
  if (roles.error) body = <ErrorState error={roles.error} onRetry={() => void roles.reload()} />;
  else if (!roles.data) body = <Loading label="Loading roles…" />;
  else
    body = (
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Roles</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col" className="wide-only">
                Description
              </th>
              <th scope="col">Permissions</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.data.roles.map((role) => (
              <RoleRow key={role.id} role={role} menu={<Menu label={`Actions for role ${role.id}`} items={actions.menuItems(role)} />} />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <>
      <PageHeader
        title="Roles"
        actions={
          actions.canCreate && roles.data ? (
            <button type="button" className="button primary" onClick={actions.openCreate}>
              New role
            </button>
          ) : null
        }
      >
        <p className="lede">
          A caller's roles come from their token (the <code>RBAC_ROLE_CLAIM</code> claim) and grant the union of their permissions. Built-in roles are fixed;
          user-defined ones are versioned.
        </p>
      </PageHeader>
      {body}
      {actions.dialog}
    </>
  );
}

function RoleRow({ role, menu }: { role: Role; menu: ReactNode }) {
  return (
    <tr>
      <td>
        <strong>{role.id}</strong> {role.built_in ? <Badge tone="builtin">Built-in</Badge> : <Link href={`${roleHref(role.id)}/history`}>v{role.version}</Link>}
        <div className="narrow-only muted small">{role.description}</div>
      </td>
      <td className="wide-only description">{role.description || <span className="muted">—</span>}</td>
      <td>
        <ul className="permission-list" aria-label={`Permissions of ${role.id}`}>
          {role.permissions.map((permission) => (
            <li key={permission}>
              <code>{permission}</code>
            </li>
          ))}
        </ul>
      </td>
      <td className="actions">{menu}</td>
    </tr>
  );
}
