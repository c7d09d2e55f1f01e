// /toolsets/:toolsetId/history: the toolset's versions, a diff against the current one, Restore.
import { useParams } from "wouter";
import { apiPath } from "../api";
import { PageHeader } from "../components/Page";
import { History } from "../features/History";
import { toolsetRights } from "../features/permissions";
import { toolsetHref } from "../features/toolset-actions";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId/history", component: ToolsetHistoryPage };

function ToolsetHistoryPage() {
  const { toolsetId } = useParams<{ toolsetId: string }>();
  const session = useSession();
  const toolset = useResource<Toolset>(apiPath("toolsets", toolsetId));
  const rights = toolsetRights(session, toolset.data);
  const name = toolset.data?.name ?? toolsetId;
  return (
    <>
      <PageHeader
        title={`History of ${name}`}
        crumbs={[
          { label: "MCP Toolsets", href: "/toolsets" },
          { label: name, href: toolsetHref(toolsetId) },
        ]}
      />
      {!rights.history.ok ? (
        <p className="notice">{rights.history.reason}: they are defined by Seizu, not edited here.</p>
      ) : (
        <History kind="toolset" path={apiPath("toolsets", toolsetId)} canRestore={rights.write.ok} restoreBlockedReason={rights.write.reason} />
      )}
    </>
  );
}
