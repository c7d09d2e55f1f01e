// /toolsets: every toolset with its tool count, state and ⋮ menu; New toolset for writers.
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { apiPath, get } from "../api";
import { Menu } from "../components/Menu";
import { PageHeader } from "../components/Page";
import { Badge, Empty, EnabledBadge, ErrorState, Loading } from "../components/States";
import { toolsetHref, useToolsetActions } from "../features/toolset-actions";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Tool, Toolset } from "../types";

export const route: PageRoute = {
  path: "/toolsets",
  component: ToolsetsPage,
  nav: { label: "MCP Toolsets", href: "/toolsets", match: "/toolsets", order: 10 },
};

/** Tool counts cost one request per toolset, so only the first screenful is counted. */
const COUNTED = 50;

function useToolCounts(toolsets: Toolset[] | undefined, enabled: boolean) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    if (!toolsets || !enabled) return;
    let live = true;
    for (const toolset of toolsets.slice(0, COUNTED)) {
      get<{ tools: Tool[] }>(apiPath("toolsets", toolset.id, "tools"))
        .then(({ tools }) => live && setCounts((current) => ({ ...current, [toolset.id]: tools.length })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [toolsets, enabled]);
  return counts;
}

function ToolsetsPage() {
  const session = useSession();
  const [, navigate] = useLocation();
  const toolsets = useResource<{ toolsets: Toolset[] }>("/toolsets");
  const counts = useToolCounts(toolsets.data?.toolsets, session.can("tools:read"));
  const actions = useToolsetActions({
    onChanged: (toolset) => navigate(toolsetHref(toolset.id)),
    onDeleted: () => void toolsets.reload(),
  });
  const newButton = actions.canCreate && (
    <button type="button" className="button primary" onClick={actions.openCreate}>
      New toolset
    </button>
  );

  let body: ReactNode;
  if (toolsets.error) body = <ErrorState error={toolsets.error} onRetry={() => void toolsets.reload()} />;
  else if (!toolsets.data) body = <Loading label="Loading toolsets…" />;
  else if (toolsets.data.toolsets.length === 0)
    body = (
      <Empty title="No toolsets yet.">
        <p>A toolset groups tools — parameterised, read-only Cypher queries — that MCP clients can call.</p>
        {newButton}
      </Empty>
    );
  else
    body = (
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Toolsets</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="wide-only">
                ID
              </th>
              <th scope="col" className="wide-only">
                Description
              </th>
              <th scope="col" className="numeric">
                Tools
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {toolsets.data.toolsets.map((toolset) => (
              <tr key={toolset.id}>
                <td>
                  <Link href={toolsetHref(toolset.id)} className="row-link">
                    {toolset.name}
                  </Link>{" "}
                  {toolset.built_in && <Badge tone="builtin">Built-in</Badge>}
                  <div className="narrow-only muted small">
                    <code>{toolset.id}</code>
                  </div>
                </td>
                <td className="wide-only">
                  <code>{toolset.id}</code>
                </td>
                <td className="wide-only description">{toolset.description || <span className="muted">—</span>}</td>
                <td className="numeric">{counts[toolset.id] ?? <span className="muted">–</span>}</td>
                <td>
                  <EnabledBadge enabled={toolset.enabled} />
                </td>
                <td className="actions">
                  <Menu label={`Actions for toolset ${toolset.name}`} items={actions.menuItems(toolset)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <>
      <PageHeader title="MCP Toolsets" actions={toolsets.data?.toolsets.length ? newButton : null}>
        <p className="lede">
          Toolsets group the tools MCP clients call as <code>{"{toolset_id}__{tool_id}"}</code>. Each tool is a parameterised, read-only Cypher query with a
          full version history.
        </p>
      </PageHeader>
      {body}
      {actions.dialog}
    </>
  );
}
