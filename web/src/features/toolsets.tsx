// Toolsets as a versioned resource of the UI kit: where they are, how texts name them, what
// deleting one destroys, and their actions with the toolset form, shared by the toolset list
// and a toolset's page.
import { type ActionCallbacks, useVersionedActions } from "../kit/actions";
import { itemPath } from "../kit/paths";
import type { VersionedResource } from "../kit/resource";
import { GroupForm } from "../forms/GroupForm";
import { useSession } from "../session";
import type { Toolset } from "../types";
import { toolsetRights } from "./permissions";

export const TOOLSETS = "/toolsets";
export const toolsetPath = (id: string) => itemPath(TOOLSETS, id);

export const toolsetResource: VersionedResource<Toolset> = {
  noun: "toolset",
  label: (toolset) => toolset.name,
  editable: (toolset) => toolset,
  consequences: (toolset) => (
    <p>
      This permanently deletes <strong>{toolset.name}</strong> (<code>{toolset.id}</code>) with all of its tools and their version history. MCP clients lose
      these tools at once.
    </p>
  ),
};

export function useToolsetActions(callbacks: ActionCallbacks<Toolset>) {
  const session = useSession();
  return useVersionedActions(toolsetResource, {
    collection: TOOLSETS,
    rights: (toolset) => toolsetRights(session, toolset),
    form: (props) => (
      <GroupForm
        props={props}
        idHint="Immutable lower_snake_case id; MCP tool names are {toolset_id}__{tool_id}."
        enabledHint="When disabled, none of this toolset's tools are exposed over MCP."
      />
    ),
    openLabel: () => "View tools",
    ...callbacks,
  });
}
