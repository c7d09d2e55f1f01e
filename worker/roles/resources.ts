// Roles: the built-in ones (fixed, not stored) and user-defined ones, a versioned resource whose
// only rule of its own is that a built-in role cannot be changed, deleted or versioned.
import { BUILT_IN_ROLES, type BuiltInRole } from "../auth/permissions";
import { ConflictError } from "../errors/domain";
import type { GuardedAction } from "../kit/resource-service";
import { type ResourceKey, VersionedResource } from "../kit/versioned-resource";
import { versionMeta } from "../kit/views";
import type { Head } from "../store/versioned-store";
import { type RoleBody, roleBody } from "./schemas";
import type { Db } from "../store/db";

export const ROLE = "role";

const GUARDED: Record<Exclude<GuardedAction, "create">, string> = { change: "changed", delete: "deleted", history: "versioned" };

/**
 * Upstream Seizu's id of a built-in role: `builtin:seizu-viewer`. Both spellings name the
 * built-in role on the API; user-defined ids cannot hold a colon, so neither is ambiguous.
 */
const UPSTREAM_BUILT_IN_PREFIX = "builtin:";

/** The built-in role an id names, as `seizu-viewer` or as upstream's `builtin:seizu-viewer`. */
export function builtInRoleNamed(id: string): { name: string; role: BuiltInRole } | undefined {
  const name = id.startsWith(UPSTREAM_BUILT_IN_PREFIX) ? id.slice(UPSTREAM_BUILT_IN_PREFIX.length) : id;
  const role = BUILT_IN_ROLES.get(name);
  return role ? { name, role } : undefined;
}

// role_id and current_version repeat id and version under upstream Seizu's names.
function userRoleView(head: Head<RoleBody>) {
  return { id: head.id, role_id: head.id, ...head.body, built_in: false, ...versionMeta(head), current_version: head.version };
}

/** A built-in role; its role_id and current_version (0: it has no versions) are upstream's. */
export function builtInRoleView(id: string, role: BuiltInRole) {
  return {
    id,
    role_id: `${UPSTREAM_BUILT_IN_PREFIX}${id}`,
    description: role.description,
    permissions: [...role.permissions].sort(),
    built_in: true,
    current_version: 0,
  };
}

/** Every built-in role, as the roles API shows them. */
export const builtInRoleViews = () => [...BUILT_IN_ROLES].map(([id, role]) => builtInRoleView(id, role));

export function roleResource(db: Db) {
  return new VersionedResource(
    db,
    { kind: ROLE, body: roleBody },
    {
      view: userRoleView,
      // Built-in names start with seizu-, which a user-defined role's id may not.
      guard: ({ id }: ResourceKey, action: GuardedAction) => {
        if (action !== "create" && builtInRoleNamed(id)) throw new ConflictError(`${id} is a built-in role and cannot be ${GUARDED[action]}`);
      },
    },
  );
}
