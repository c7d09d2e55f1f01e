// /toolsets/:toolsetId/history: the toolset's versions, a diff against the current one, Restore.
import { useParams } from "wouter";
import { toolsetRights } from "../features/permissions";
import { TOOLSETS, toolsetPath, toolsetResource } from "../features/toolsets";
import { HistoryPage } from "../kit/HistoryPage";
import type { PageRoute } from "../routes";
import type { Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId/history", component: ToolsetHistoryPage };

function ToolsetHistoryPage() {
  const { toolsetId } = useParams<{ toolsetId: string }>();
  return (
    <HistoryPage<Toolset>
      noun={toolsetResource.noun}
      path={toolsetPath(toolsetId)}
      id={toolsetId}
      nameOf={(toolset) => toolset.name}
      crumbs={[{ label: "MCP Toolsets", href: TOOLSETS }]}
      rights={toolsetRights}
    />
  );
}
