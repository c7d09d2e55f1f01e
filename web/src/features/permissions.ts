// What the signed-in caller may do to a toolset, tool or role, and why not (for disabled items).
// The built-in `seizu` toolset, its tools and the built-in roles are read-only and have no
// version history.
import type { Session } from "../session";
import { isBuiltinTool, type AnyTool, type Role, type Toolset } from "../types";

export interface Allowed {
  ok: boolean;
  reason: string;
}

const allow = (ok: boolean, reason: string): Allowed => ({ ok, reason: ok ? "" : reason });

export function toolsetRights(session: Session, toolset: Pick<Toolset, "built_in"> | undefined) {
  const builtIn = Boolean(toolset?.built_in);
  const fixed = "Built-in toolsets cannot be changed";
  return {
    create: session.can("toolsets:write"),
    write: builtIn ? allow(false, fixed) : allow(session.can("toolsets:write"), "Needs the toolsets:write permission"),
    remove: builtIn ? allow(false, fixed) : allow(session.can("toolsets:delete"), "Needs the toolsets:delete permission"),
    history: allow(!builtIn, "Built-in toolsets have no version history"),
  };
}

export function toolRights(session: Session, toolset: Pick<Toolset, "built_in"> | undefined, tool?: AnyTool) {
  const builtIn = Boolean(toolset?.built_in) || (tool !== undefined && isBuiltinTool(tool));
  const fixed = "Built-in tools cannot be changed";
  return {
    create: !builtIn && session.can("tools:write"),
    write: builtIn ? allow(false, fixed) : allow(session.can("tools:write"), "Needs the tools:write permission"),
    remove: builtIn ? allow(false, fixed) : allow(session.can("tools:delete"), "Needs the tools:delete permission"),
    history: allow(!builtIn, "Built-in tools have no version history"),
    call: builtIn ? allow(false, "Built-in tools run through MCP clients, not from here") : allow(session.can("tools:call"), "Needs the tools:call permission"),
  };
}

export function roleRights(session: Session, role: Pick<Role, "built_in"> | undefined) {
  const builtIn = Boolean(role?.built_in);
  const fixed = "Built-in roles cannot be changed";
  return {
    create: session.can("roles:write"),
    write: builtIn ? allow(false, fixed) : allow(session.can("roles:write"), "Needs the roles:write permission"),
    remove: builtIn ? allow(false, fixed) : allow(session.can("roles:delete"), "Needs the roles:delete permission"),
    history: allow(!builtIn, "Built-in roles have no version history"),
  };
}
