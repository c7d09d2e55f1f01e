// /toolsets/:toolsetId/tools/:toolId/history: the tool's versions, a diff, Restore.
import { useParams } from "wouter";
import { toolRights } from "../features/permissions";
import { toolPath, toolResource } from "../features/tools";
import { TOOLSETS, toolsetPath } from "../features/toolsets";
import { useResource } from "../hooks";
import { HistoryPage } from "../kit/HistoryPage";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { AnyTool, Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId/tools/:toolId/history", component: ToolHistoryPage };

function ToolHistoryPage() {
  const { toolsetId, toolId } = useParams<{ toolsetId: string; toolId: string }>();
  const session = useSession();
  const path = toolPath(toolsetId, toolId);
  const toolset = useResource<Toolset>(toolsetPath(toolsetId));
  const tool = useResource<AnyTool>(path);
  const name = tool.data?.name ?? toolId;
  return (
    <HistoryPage
      noun={toolResource.noun}
      path={path}
      name={name}
      crumbs={[
        { label: "MCP Toolsets", href: TOOLSETS },
        { label: toolset.data?.name ?? toolsetId, href: toolsetPath(toolsetId) },
        { label: name, href: path },
      ]}
      rights={toolRights(session, toolset.data, tool.data)}
    />
  );
}
