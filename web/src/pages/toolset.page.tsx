// /toolsets/:toolsetId: the toolset and its tools, each with its ⋮ menu; New tool for writers.
import { Link, useLocation, useParams } from "wouter";
import { PageHeader } from "../components/Page";
import { Badge, EnabledBadge, ErrorState, Loading, NeedsApprovalBadge } from "../components/States";
import { toolPath, toolsOf, useToolActions } from "../features/tools";
import { TOOLSETS, toolsetPath, useToolsetActions } from "../features/toolsets";
import { useResource } from "../hooks";
import { historyHref } from "../kit/paths";
import { type Column, descriptionColumn, nameColumn } from "../kit/ResourceTable";
import { NoItems, ResourceList } from "../kit/ResourceList";
import type { PageRoute } from "../routes";
import { isBuiltinTool, type AnyTool, type ToolList, type Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId", component: ToolsetPage };

function ToolsetPage() {
  const { toolsetId } = useParams<{ toolsetId: string }>();
  const [, navigate] = useLocation();
  const toolset = useResource<Toolset>(toolsetPath(toolsetId));
  const tools = useResource<ToolList>(toolsOf(toolsetId));
  const toolsetActions = useToolsetActions({ onSaved: () => void toolset.reload(), onDeleted: () => navigate(TOOLSETS) });
  const toolActions = useToolActions({
    toolsetId,
    toolset: toolset.data,
    onSaved: (tool) => navigate(toolPath(toolsetId, tool.id)),
    onDeleted: () => void tools.reload(),
  });

  if (toolset.error) {
    return (
      <>
        <PageHeader title="Toolset" crumbs={[{ label: "MCP Toolsets", href: TOOLSETS }]} />
        <ErrorState error={toolset.error} onRetry={() => void toolset.reload()} />
      </>
    );
  }
  if (!toolset.data) return <Loading label="Loading toolset…" />;
  const current = toolset.data;

  const columns: Column<AnyTool>[] = [
    nameColumn({ href: (tool) => toolPath(toolsetId, tool.id), name: (tool) => tool.name, narrow: (tool) => <code>{tool.mcp_name}</code> }),
    { header: "MCP name", className: "wide-only", cell: (tool) => <code>{tool.mcp_name}</code> },
    descriptionColumn(),
    { header: "Parameters", className: "numeric", cell: (tool) => tool.parameters.length },
    {
      header: "Status",
      cell: (tool) => (
        <>
          <EnabledBadge enabled={tool.enabled} /> {isBuiltinTool(tool) && tool.requires_confirmation && <NeedsApprovalBadge />}
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={current.name}
        crumbs={[{ label: "MCP Toolsets", href: TOOLSETS }]}
        actions={
          <>
            {tools.data?.tools.length ? toolActions.newButton : null}
            {toolsetActions.menu(current, { open: false })}
          </>
        }
      >
        <p className="meta">
          <code>{current.id}</code> <EnabledBadge enabled={current.enabled} /> {current.built_in && <Badge tone="builtin">Built-in</Badge>}{" "}
          {current.built_in ? (
            <span className="muted">Read-only: defined by Seizu, not editable here.</span>
          ) : (
            <span className="muted">
              version {current.version} · <Link href={historyHref(toolsetPath(current.id))}>history</Link>
            </span>
          )}
        </p>
        {current.description && <p className="lede">{current.description}</p>}
        {!current.enabled && <p className="notice warn">This toolset is disabled: none of its tools are exposed over MCP.</p>}
      </PageHeader>
      <h2 className="section-title">Tools</h2>
      <ResourceList
        list={tools}
        items={(data) => data.tools}
        loading="Loading tools…"
        empty={
          <NoItems title="No tools in this toolset yet." text="A tool is a read-only Cypher query with typed parameters." newButton={toolActions.newButton} />
        }
        caption={`Tools of ${current.name}`}
        columns={columns}
        menu={(tool) => toolActions.menu(tool)}
      />
      {toolsetActions.dialog}
      {toolActions.dialog}
    </>
  );
}
