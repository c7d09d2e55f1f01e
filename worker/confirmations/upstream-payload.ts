// Upstream Seizu's confirmation is flat (confirmation_id, confirmation_url, action,
// resource_type, resource_id, ...); agents and scripts written for it read those fields, so a
// confirmation carries them beside this server's own. Upstream names the action and resource
// per tool; here they follow from the tool's name and its arguments.
import type { confirmationView } from "./view";

type ConfirmationView = ReturnType<typeof confirmationView>;

/** Tools acting on a child resource: toolsets__create_tool acts on a tool. */
const CHILD_ACTION = /^(create|update|delete|restore)_(tool|skill|subspace)$/;
/** Upstream records a new report version as an update of the report. */
const RENAMED_ACTIONS: Record<string, string> = { create_version: "update" };

const singular = (group: string) => (group.endsWith("ies") ? `${group.slice(0, -3)}y` : group.replace(/s$/, ""));

function actionOf(tool: string): { action: string; resourceType: string } {
  const [group = "", name = ""] = tool.split("__");
  const child = CHILD_ACTION.exec(name);
  if (child) return { action: child[1] ?? name, resourceType: child[2] ?? "" };
  return { action: RENAMED_ACTIONS[name] ?? name, resourceType: singular(group) };
}

/** The fields upstream's confirmation has and this server's lacks, from this server's view. */
export function upstreamConfirmationFields(view: ConfirmationView) {
  const { action, resourceType } = actionOf(view.tool);
  const id = view.arguments[`${resourceType}_id`] ?? view.arguments.name ?? "new";
  return {
    confirmation_id: view.id,
    confirmation_url: view.url,
    tool_name: view.tool,
    action,
    resource_type: resourceType,
    resource_id: String(id),
  };
}

/** What a call waiting for approval carries, as upstream's confirmation_required payload has it. */
export function upstreamConfirmationPayload(view: ConfirmationView) {
  return {
    ...upstreamConfirmationFields(view),
    arguments: view.arguments,
    status: view.status,
    expires_at: view.expires_at,
    instructions: "Approve or deny this action in Seizu, then call the tool again with the same arguments.",
  };
}
