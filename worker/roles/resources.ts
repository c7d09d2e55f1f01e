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

function userRoleView(head: Head<RoleBody>) {
  return { id: head.id, ...head.body, built_in: false, ...versionMeta(head) };
}

export function builtInRoleView(id: string, role: BuiltInRole) {
  return { id, description: role.description, permissions: [...role.permissions].sort(), built_in: true };
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
        if (action !== "create" && BUILT_IN_ROLES.has(id)) throw new ConflictError(`${id} is a built-in role and cannot be ${GUARDED[action]}`);
      },
    },
  );
}
