// /toolsets/:toolsetId/tools/:toolId/history: the tool's versions, a diff, Restore.
import { useParams } from "wouter";
import { toolRights } from "../features/permissions";
import { toolPath, toolResource } from "../features/tools";
import { TOOLSETS, toolsetPath } from "../features/toolsets";
import { useResource } from "../hooks";
import { HistoryPage } from "../kit/HistoryPage";
import type { PageRoute } from "../routes";
import type { AnyTool, Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId/tools/:toolId/history", component: ToolHistoryPage };

function ToolHistoryPage() {
  const { toolsetId, toolId } = useParams<{ toolsetId: string; toolId: string }>();
  const toolset = useResource<Toolset>(toolsetPath(toolsetId));
  return (
    <HistoryPage<AnyTool>
      noun={toolResource.noun}
      path={toolPath(toolsetId, toolId)}
      id={toolId}
      nameOf={(tool) => tool.name}
      crumbs={[
        { label: "MCP Toolsets", href: TOOLSETS },
        { label: toolset.data?.name ?? toolsetId, href: toolsetPath(toolsetId) },
      ]}
      rights={(session, tool) => toolRights(session, toolset.data, tool)}
    />
  );
}
