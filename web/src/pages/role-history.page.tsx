// /roles/:roleId/history: a user-defined role's versions, a diff against the current one, Restore.
import { useParams } from "wouter";
import { apiPath } from "../api";
import { PageHeader } from "../components/Page";
import { History } from "../features/History";
import { roleRights } from "../features/permissions";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Role } from "../types";

export const route: PageRoute = { path: "/roles/:roleId/history", component: RoleHistoryPage };

function RoleHistoryPage() {
  const { roleId } = useParams<{ roleId: string }>();
  const session = useSession();
  const role = useResource<Role>(apiPath("roles", roleId));
  const rights = roleRights(session, role.data);
  return (
    <>
      <PageHeader title={`History of ${roleId}`} crumbs={[{ label: "Roles", href: "/roles" }]} />
      {!rights.history.ok ? (
        <p className="notice">{rights.history.reason}: they are defined by Seizu, not edited here.</p>
      ) : (
        <History kind="role" path={apiPath("roles", roleId)} canRestore={rights.write.ok} restoreBlockedReason={rights.write.reason} />
      )}
    </>
  );
}
