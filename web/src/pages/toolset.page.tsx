import type { ReactNode } from "react";
// /toolsets/:toolsetId: the toolset and its tools, each with its ⋮ menu; New tool for writers.
import { Link, useLocation, useParams } from "wouter";
import { apiPath } from "../api";
import { Menu } from "../components/Menu";
import { PageHeader } from "../components/Page";
import { Badge, Empty, EnabledBadge, ErrorState, Loading, NeedsApprovalBadge } from "../components/States";
import { toolHref, useToolActions } from "../features/tool-actions";
import { useToolsetActions } from "../features/toolset-actions";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { isBuiltinTool, type AnyTool, type Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId", component: ToolsetPage };

function ToolsetPage() {
  const { toolsetId } = useParams<{ toolsetId: string }>();
  const [, navigate] = useLocation();
  const toolset = useResource<Toolset>(apiPath("toolsets", toolsetId));
  const tools = useResource<{ tools: AnyTool[] }>(apiPath("toolsets", toolsetId, "tools"));
  const toolsetActions = useToolsetActions({ onChanged: () => void toolset.reload(), onDeleted: () => navigate("/toolsets") });
  const toolActions = useToolActions({
    toolsetId,
    toolset: toolset.data,
    onChanged: (tool) => navigate(toolHref(toolsetId, tool.id)),
    onDeleted: () => void tools.reload(),
  });

  if (toolset.error) {
    return (
      <>
        <PageHeader title="Toolset" crumbs={[{ label: "MCP Toolsets", href: "/toolsets" }]} />
        <ErrorState error={toolset.error} onRetry={() => void toolset.reload()} />
      </>
    );
  }
  if (!toolset.data) return <Loading label="Loading toolset…" />;
  const current = toolset.data;

  const newButton = toolActions.canCreate && (
    <button type="button" className="button primary" onClick={toolActions.openCreate}>
      New tool
    </button>
  );

  let body: ReactNode;
  if (tools.error) body = <ErrorState error={tools.error} onRetry={() => void tools.reload()} />;
  else if (!tools.data) body = <Loading label="Loading tools…" />;
  else if (tools.data.tools.length === 0)
    body = (
      <Empty title="No tools in this toolset yet.">
        <p>A tool is a read-only Cypher query with typed parameters.</p>
        {newButton}
      </Empty>
    );
  else
    body = (
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Tools of {current.name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="wide-only">
                MCP name
              </th>
              <th scope="col" className="wide-only">
                Description
              </th>
              <th scope="col" className="numeric">
                Parameters
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tools.data.tools.map((tool) => (
              <tr key={tool.id}>
                <td>
                  <Link href={toolHref(toolsetId, tool.id)} className="row-link">
                    {tool.name}
                  </Link>
                  <div className="narrow-only muted small">
                    <code>{tool.mcp_name}</code>
                  </div>
                </td>
                <td className="wide-only">
                  <code>{tool.mcp_name}</code>
                </td>
                <td className="wide-only description">{tool.description || <span className="muted">—</span>}</td>
                <td className="numeric">{tool.parameters.length}</td>
                <td>
                  <EnabledBadge enabled={tool.enabled} /> {isBuiltinTool(tool) && tool.requires_confirmation && <NeedsApprovalBadge />}
                </td>
                <td className="actions">
                  <Menu label={`Actions for tool ${tool.name}`} items={toolActions.menuItems(tool)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <>
      <PageHeader
        title={current.name}
        crumbs={[{ label: "MCP Toolsets", href: "/toolsets" }]}
        actions={
          <>
            {tools.data?.tools.length ? newButton : null}
            <Menu label={`Actions for toolset ${current.name}`} items={toolsetActions.menuItems(current, { includeView: false })} />
          </>
        }
      >
        <p className="meta">
          <code>{current.id}</code> <EnabledBadge enabled={current.enabled} /> {current.built_in && <Badge tone="builtin">Built-in</Badge>}{" "}
          {current.built_in ? (
            <span className="muted">Read-only: defined by Seizu, not editable here.</span>
          ) : (
            <span className="muted">
              version {current.version} · <Link href={`/toolsets/${encodeURIComponent(current.id)}/history`}>history</Link>
            </span>
          )}
        </p>
        {current.description && <p className="lede">{current.description}</p>}
        {!current.enabled && <p className="notice warn">This toolset is disabled: none of its tools are exposed over MCP.</p>}
      </PageHeader>
      <h2 className="section-title">Tools</h2>
      {body}
      {toolsetActions.dialog}
      {toolActions.dialog}
    </>
  );
}
