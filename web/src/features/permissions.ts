// What the signed-in caller may do to a toolset, tool or role, and why not (for disabled items).
// The built-in `seizu` toolset, its tools and the built-in roles are read-only and have no
// version history.
import { allow, versionedRights } from "../kit/rights";
import type { Session } from "../session";
import { isBuiltinTool, type AnyTool, type Role, type Toolset } from "../types";

export const toolsetRights = (session: Session, toolset: Pick<Toolset, "built_in"> | undefined) =>
  versionedRights(session, Boolean(toolset?.built_in), { plural: "toolsets", write: "toolsets:write", remove: "toolsets:delete" });

/** Without a tool, what the caller may do in the toolset: no tools can be added to the built-in one. */
export function toolRights(session: Session, toolset: Pick<Toolset, "built_in"> | undefined, tool?: AnyTool) {
  const builtIn = Boolean(toolset?.built_in) || (tool !== undefined && isBuiltinTool(tool));
  return {
    ...versionedRights(session, builtIn, { plural: "tools", write: "tools:write", remove: "tools:delete" }),
    call: builtIn ? allow(false, "Built-in tools run through MCP clients, not from here") : allow(session.can("tools:call"), "Needs the tools:call permission"),
  };
}

export const roleRights = (session: Session, role: Pick<Role, "built_in"> | undefined) =>
  versionedRights(session, Boolean(role?.built_in), { plural: "roles", write: "roles:write", remove: "roles:delete" });

/**
 * Workflows and scheduled queries share their permissions (each workflows:X grants
 * scheduled_queries:X and the reverse, worker/auth/permission-aliases.ts). Running one now is a
 * write, as upstream's.
 */
export function workflowRights(session: Session) {
  return {
    create: session.can("workflows:write"),
    write: allow(session.can("workflows:write"), "Needs the workflows:write permission"),
    run: allow(session.can("workflows:write"), "Needs the workflows:write permission to run a workflow"),
    remove: allow(session.can("workflows:delete"), "Needs the workflows:delete permission"),
  };
}
