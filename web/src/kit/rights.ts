// What the signed-in caller may do to the items of a versioned resource, and why not (the reason
// a disabled menu item or button gives). Built-in items are read-only and have no history.
import type { Session } from "../session";
import type { Permission } from "../types";

export interface Allowed {
  ok: boolean;
  reason: string;
}

export const allow = (ok: boolean, reason: string): Allowed => ({ ok, reason: ok ? "" : reason });

export interface VersionedRights {
  /** Whether the caller may create an item (in this collection). */
  create: boolean;
  write: Allowed;
  remove: Allowed;
  history: Allowed;
}

export interface ResourcePermissions {
  /** Names the resource in the reasons: "Built-in toolsets cannot be changed". */
  plural: string;
  write: Permission;
  remove: Permission;
}

/** `builtIn`: the item is built in, or without an item, the collection a new one would go in is. */
export function versionedRights(session: Session, builtIn: boolean, { plural, write, remove }: ResourcePermissions): VersionedRights {
  const fixed = `Built-in ${plural} cannot be changed`;
  return {
    create: !builtIn && session.can(write),
    write: builtIn ? allow(false, fixed) : allow(session.can(write), `Needs the ${write} permission`),
    remove: builtIn ? allow(false, fixed) : allow(session.can(remove), `Needs the ${remove} permission`),
    history: allow(!builtIn, `Built-in ${plural} have no version history`),
  };
}
