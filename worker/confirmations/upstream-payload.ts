// Upstream Seizu's confirmation payload is flat (confirmation_id, confirmation_url, action,
// resource_type, resource_id, ...); agents and scripts written for it read those fields, so a
// call waiting for approval carries them beside this server's own `confirmation` object.
// Upstream names the action and resource per tool; here they follow from the tool's name.
import type { ConfirmationRecord } from "../../durable-objects/confirmation-ledger";
import { confirmationUrl } from "./view";

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

export function upstreamConfirmationFields(record: ConfirmationRecord, base: string) {
  const { action, resourceType } = actionOf(record.tool);
  const id = record.arguments[`${resourceType}_id`] ?? record.arguments.name ?? "new";
  return {
    confirmation_id: record.id,
    confirmation_url: confirmationUrl(base, record.id),
    tool_name: record.tool,
    action,
    resource_type: resourceType,
    resource_id: String(id),
    arguments: record.arguments,
    status: record.status,
    expires_at: new Date(record.expiresAt).toISOString(),
    instructions: "Approve or deny this action in Seizu, then call the tool again with the same arguments.",
  };
}
