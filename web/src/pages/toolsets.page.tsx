// /toolsets: every toolset with its tool count, state and ⋮ menu; New toolset for writers.
import { useLocation } from "wouter";
import { get } from "../api";
import { PageHeader } from "../components/Page";
import { Badge, EnabledBadge } from "../components/States";
import { TOOLSETS, toolsetPath, useToolsetActions } from "../features/toolsets";
import { toolsOf } from "../features/tools";
import { useResource } from "../hooks";
import { useChildCounts } from "../kit/counts";
import { type Column, descriptionColumn, nameColumn } from "../kit/ResourceTable";
import { NoItems, ResourceList } from "../kit/ResourceList";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { ToolList, Toolset, ToolsetList } from "../types";

export const route: PageRoute = {
  path: TOOLSETS,
  component: ToolsetsPage,
  nav: { label: "MCP Toolsets", href: TOOLSETS, match: TOOLSETS, order: 10 },
};

function ToolsetsPage() {
  const session = useSession();
  const [, navigate] = useLocation();
  const toolsets = useResource<ToolsetList>(TOOLSETS);
  const counts = useChildCounts(toolsets.data?.toolsets, session.can("tools:read"), async (toolset) => (await get<ToolList>(toolsOf(toolset.id))).tools.length);
  const actions = useToolsetActions({
    onSaved: (toolset) => navigate(toolsetPath(toolset.id)),
    onDeleted: () => void toolsets.reload(),
  });
  const columns: Column<Toolset>[] = [
    nameColumn({
      href: (toolset) => toolsetPath(toolset.id),
      name: (toolset) => toolset.name,
      badges: (toolset) => toolset.built_in && <Badge tone="builtin">Built-in</Badge>,
      narrow: (toolset) => <code>{toolset.id}</code>,
    }),
    { header: "ID", className: "wide-only", cell: (toolset) => <code>{toolset.id}</code> },
    descriptionColumn(),
    { header: "Tools", className: "numeric", cell: (toolset) => counts[toolset.id] ?? <span className="muted">–</span> },
    { header: "Status", cell: (toolset) => <EnabledBadge enabled={toolset.enabled} /> },
  ];

  return (
    <>
      <PageHeader title="MCP Toolsets" actions={toolsets.data?.toolsets.length ? actions.newButton : null}>
        <p className="lede">
          Toolsets group the tools MCP clients call as <code>{"{toolset_id}__{tool_id}"}</code>. Each tool is a parameterised, read-only Cypher query with a
          full version history.
        </p>
      </PageHeader>
      <ResourceList
        list={toolsets}
        items={(data) => data.toolsets}
        loading="Loading toolsets…"
        empty={
          <NoItems
            title="No toolsets yet."
            text="A toolset groups tools — parameterised, read-only Cypher queries — that MCP clients can call."
            newButton={actions.newButton}
          />
        }
        caption="Toolsets"
        columns={columns}
        menu={(toolset) => actions.menu(toolset)}
      />
      {actions.dialog}
    </>
  );
}
