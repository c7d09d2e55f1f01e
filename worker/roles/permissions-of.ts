// Resolving a caller's role names to the permissions they grant: built-in names first, then
// user-defined roles read in one D1 query, then the aliases those imply (auth/permission-aliases.ts).
// Unknown names grant nothing.
import { withAliases } from "../auth/permission-aliases";
import { BUILT_IN_ROLES, type Permission } from "../auth/permissions";
import { ROLE } from "./resources";
import type { RoleBody } from "./schemas";
import type { Db } from "../store/db";

export async function permissionsOf(db: Db, roleNames: string[]): Promise<Set<Permission>> {
  const granted = new Set<Permission>();
  const userRoles: string[] = [];
  for (const name of roleNames) {
    const builtIn = BUILT_IN_ROLES.get(name);
    if (builtIn) for (const permission of builtIn.permissions) granted.add(permission);
    else userRoles.push(name);
  }
  if (userRoles.length > 0) {
    const placeholders = userRoles.map(() => "?").join(", ");
    const { results } = await db
      .prepare(`SELECT body FROM definitions WHERE kind = '${ROLE}' AND parent_id = '' AND id IN (${placeholders})`)
      .bind(...userRoles)
      .all<{ body: string }>();
    for (const row of results) for (const permission of (JSON.parse(row.body) as RoleBody).permissions) granted.add(permission);
  }
  return withAliases(granted);
}
