// /toolsets/:toolsetId/history: the toolset's versions, a diff against the current one, Restore.
import { useParams } from "wouter";
import { toolsetRights } from "../features/permissions";
import { TOOLSETS, toolsetPath, toolsetResource } from "../features/toolsets";
import { useResource } from "../hooks";
import { HistoryPage } from "../kit/HistoryPage";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId/history", component: ToolsetHistoryPage };

function ToolsetHistoryPage() {
  const { toolsetId } = useParams<{ toolsetId: string }>();
  const session = useSession();
  const path = toolsetPath(toolsetId);
  const toolset = useResource<Toolset>(path);
  const name = toolset.data?.name ?? toolsetId;
  return (
    <HistoryPage
      noun={toolsetResource.noun}
      path={path}
      name={name}
      crumbs={[
        { label: "MCP Toolsets", href: TOOLSETS },
        { label: name, href: path },
      ]}
      rights={toolsetRights(session, toolset.data)}
    />
  );
}
