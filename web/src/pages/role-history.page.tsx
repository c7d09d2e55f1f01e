// /roles/:roleId/history: a user-defined role's versions, a diff against the current one, Restore.
import { useParams } from "wouter";
import { roleRights } from "../features/permissions";
import { ROLES, rolePath, roleResource } from "../features/roles";
import { useResource } from "../hooks";
import { HistoryPage } from "../kit/HistoryPage";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Role } from "../types";

export const route: PageRoute = { path: "/roles/:roleId/history", component: RoleHistoryPage };

function RoleHistoryPage() {
  const { roleId } = useParams<{ roleId: string }>();
  const session = useSession();
  const path = rolePath(roleId);
  const role = useResource<Role>(path);
  return <HistoryPage noun={roleResource.noun} path={path} name={roleId} crumbs={[{ label: "Roles", href: ROLES }]} rights={roleRights(session, role.data)} />;
}
