// /toolsets/:toolsetId/tools/:toolId: the tool's definition and the Try it panel (for the
// built-in toolset's tools: what the tool runs and who may call it), and for callers holding
// audit:read its usage over the last day.
import { Link, useLocation, useParams } from "wouter";
import { Panel } from "../components/Panel";
import { CypherField } from "../components/CypherField";
import { PageHeader } from "../components/Page";
import { Badge, EnabledBadge, ErrorState, Loading, NeedsApprovalBadge } from "../components/States";
import { ParametersTable } from "../components/ParametersTable";
import { ToolUsage } from "../features/audit/ToolUsage";
import { BuiltinDefinition } from "../features/BuiltinDefinition";
import { toolRights } from "../features/permissions";
import { toolPath, useToolActions } from "../features/tools";
import { TOOLSETS, toolsetPath } from "../features/toolsets";
import { TryIt } from "../features/TryIt";
import { useResource } from "../hooks";
import { historyHref } from "../kit/paths";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import { isBuiltinTool, type AnyTool, type Tool, type Toolset } from "../types";

export const route: PageRoute = { path: "/toolsets/:toolsetId/tools/:toolId", component: ToolPage };

function ToolPage() {
  const { toolsetId, toolId } = useParams<{ toolsetId: string; toolId: string }>();
  const [, navigate] = useLocation();
  const session = useSession();
  const toolset = useResource<Toolset>(toolsetPath(toolsetId));
  const tool = useResource<AnyTool>(toolPath(toolsetId, toolId));
  const actions = useToolActions({ toolsetId, toolset: toolset.data, onSaved: () => void tool.reload(), onDeleted: () => navigate(toolsetPath(toolsetId)) });
  const crumbs = [
    { label: "MCP Toolsets", href: TOOLSETS },
    { label: toolset.data?.name ?? toolsetId, href: toolsetPath(toolsetId) },
  ];

  if (tool.error)
    return (
      <>
        <PageHeader title="Tool" crumbs={crumbs} />
        <ErrorState error={tool.error} onRetry={() => void tool.reload()} />
      </>
    );
  if (!tool.data) return <Loading label="Loading tool…" />;
  const current = tool.data;
  const rights = toolRights(session, toolset.data, current);
  const builtIn = isBuiltinTool(current);

  return (
    <>
      <PageHeader title={current.name} crumbs={crumbs} actions={actions.menu(current, { open: false })}>
        <p className="meta">
          <code>{current.mcp_name}</code> <EnabledBadge enabled={current.enabled} />{" "}
          {(builtIn || toolset.data?.built_in) && <Badge tone="builtin">Built-in</Badge>} {builtIn && current.requires_confirmation && <NeedsApprovalBadge />}{" "}
          {!builtIn && (
            <span className="muted">
              version {current.version}
              {current.updated_by ? ` by ${current.updated_by}` : ""} · <Link href={historyHref(toolPath(toolsetId, toolId))}>history</Link>
            </span>
          )}
        </p>
        {current.description && <p className="lede">{current.description}</p>}
        {!current.enabled && <p className="notice warn">This tool is disabled: MCP clients do not see it, but you can still try it here.</p>}
      </PageHeader>
      {builtIn ? (
        <BuiltinDefinition tool={current} />
      ) : (
        <div className="tool-layout">
          <Definition tool={current} />
          {rights.call.ok ? (
            <TryIt key={current.version} tool={current} />
          ) : (
            <p className="notice">You cannot try this tool: {rights.call.reason.toLowerCase()}.</p>
          )}
        </div>
      )}
      {session.can("audit:read") && <ToolUsage target={current.mcp_name} />}
      {actions.dialog}
    </>
  );
}

function Definition({ tool }: { tool: Tool }) {
  return (
    <Panel id="definition-heading" title="Definition">
      <h3 className="field-label" id="cypher-label">
        Cypher
      </h3>
      <CypherField value={tool.cypher} readOnly labelledBy="cypher-label" />
      <h3 className="field-label">Parameters</h3>
      <ParametersTable parameters={tool.parameters} />
    </Panel>
  );
}
