// /roles/:roleId/history: a user-defined role's versions, a diff against the current one, Restore.
import { useParams } from "wouter";
import { roleRights } from "../features/permissions";
import { ROLES, rolePath, roleResource } from "../features/roles";
import { HistoryPage } from "../kit/HistoryPage";
import type { PageRoute } from "../routes";
import type { Role } from "../types";

export const route: PageRoute = { path: "/roles/:roleId/history", component: RoleHistoryPage };

function RoleHistoryPage() {
  const { roleId } = useParams<{ roleId: string }>();
  return (
    <HistoryPage<Role>
      noun={roleResource.noun}
      path={rolePath(roleId)}
      id={roleId}
      crumbs={[{ label: "Roles", href: ROLES }]}
      itemPage={false}
      rights={roleRights}
    />
  );
}
