// /toolsets/:toolsetId/tools/:toolId/history: the tool's versions, a diff, Restore.
import { useParams } from "wouter";
import { apiPath } from "../api";
import { PageHeader } from "../components/Page";
import { History } from "../features/History";
import { toolRights } from "../features/permissions";
import { toolHref } from "../features/tool-actions";
import { toolsetHref } from "../features/toolset-actions";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { AnyTool, Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId/tools/:toolId/history", component: ToolHistoryPage };

function ToolHistoryPage() {
  const { toolsetId, toolId } = useParams<{ toolsetId: string; toolId: string }>();
  const session = useSession();
  const toolset = useResource<Toolset>(apiPath("toolsets", toolsetId));
  const tool = useResource<AnyTool>(apiPath("toolsets", toolsetId, "tools", toolId));
  const rights = toolRights(session, toolset.data, tool.data);
  const name = tool.data?.name ?? toolId;
  return (
    <>
      <PageHeader
        title={`History of ${name}`}
        crumbs={[
          { label: "MCP Toolsets", href: "/toolsets" },
          { label: toolset.data?.name ?? toolsetId, href: toolsetHref(toolsetId) },
          { label: name, href: toolHref(toolsetId, toolId) },
        ]}
      />
      {!rights.history.ok ? (
        <p className="notice">{rights.history.reason}: they are defined by Seizu, not edited here.</p>
      ) : (
        <History kind="tool" path={apiPath("toolsets", toolsetId, "tools", toolId)} canRestore={rights.write.ok} restoreBlockedReason={rights.write.reason} />
      )}
    </>
  );
}
