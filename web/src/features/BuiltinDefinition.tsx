// What a tool of the built-in `seizu` toolset runs, who may call it, and the arguments MCP
// clients pass (from its MCP input schema).
import { Panel } from "../components/Panel";
import { Badge } from "../components/States";
import { ParametersTable } from "../components/ParametersTable";
import type { BuiltinTool } from "../types";

export function BuiltinDefinition({ tool }: { tool: BuiltinTool }) {
  const hints = Object.entries(tool.annotations ?? {}).filter(([, value]) => value);
  return (
    <Panel id="definition-heading" title="Built-in tool">
      <dl className="details">
        <dt>Group</dt>
        <dd>
          <code>{tool.group}</code>
        </dd>
        <dt>Runs the operation</dt>
        <dd>
          <code>{tool.operation}</code>
        </dd>
        <dt>Permission needed</dt>
        <dd>{tool.permission ? <code>{tool.permission}</code> : <span className="muted">none beyond signing in</span>}</dd>
        <dt>Approval</dt>
        <dd>{tool.requires_confirmation ? "Each call waits for a person's approval before it runs." : <span className="muted">not needed</span>}</dd>
        <dt>Annotations</dt>
        <dd>{hints.length ? hints.map(([name]) => <Badge key={name}>{name}</Badge>) : <span className="muted">none</span>}</dd>
      </dl>
      <h3 className="field-label">Parameters</h3>
      <ParametersTable parameters={tool.parameters} sigil="" defaults={false} />
      <p className="muted">Built-in tools are defined by Seizu and called by MCP clients at /api/v1/mcp; they cannot be edited, versioned or tried here.</p>
    </Panel>
  );
}
