// The tools of a toolset as a versioned resource of the UI kit: where they are, how texts name
// them, what deleting one destroys, and their actions with the tool form, shared by a
// toolset's tool list and a tool's page. The built-in toolset lists built-in tools, which have
// no form.
import { type ActionCallbacks, useVersionedActions } from "../kit/actions";
import { itemPath } from "../kit/paths";
import type { VersionedResource } from "../kit/resource";
import { ToolForm } from "../forms/ToolForm";
import { useSession } from "../session";
import { isBuiltinTool, type AnyTool, type Tool, type Toolset } from "../types";
import { toolRights } from "./permissions";
import { toolsetPath } from "./toolsets";

export const toolsOf = (toolsetId: string) => `${toolsetPath(toolsetId)}/tools`;
export const toolPath = (toolsetId: string, toolId: string) => itemPath(toolsOf(toolsetId), toolId);

export const toolResource: VersionedResource<AnyTool, Tool> = {
  noun: "tool",
  label: (tool) => tool.name,
  editable: (tool) => (isBuiltinTool(tool) ? null : tool),
  consequences: (tool) => (
    <p>
      This permanently deletes <strong>{tool.name}</strong> (<code>{tool.mcp_name}</code>) and its version history. MCP clients lose it at once.
    </p>
  ),
  wide: true,
};

export function useToolActions({ toolsetId, toolset, ...callbacks }: { toolsetId: string; toolset: Toolset | undefined } & ActionCallbacks<Tool>) {
  const session = useSession();
  return useVersionedActions(toolResource, {
    collection: toolsOf(toolsetId),
    rights: (tool) => toolRights(session, toolset, tool),
    form: (props) => <ToolForm {...props} toolsetId={toolsetId} />,
    openLabel: (_tool, rights) => (rights.call.ok ? "Open and try it" : "Open"),
    ...callbacks,
  });
}
