// Resolving a caller's role names to the permissions they grant: built-in names first, then
// user-defined roles read in one D1 query, then the aliases those imply (auth/permission-aliases.ts).
// Unknown names grant nothing, nor do the permissions of upstream Seizu's that guard nothing here.
import { withAliases } from "../auth/permission-aliases";
import { BUILT_IN_ROLES, isPermission, type Permission } from "../auth/permissions";
import { ROLE } from "./resources";
import type { RoleBody } from "./schemas";
import type { Db } from "../store/db";
import { cachedDefinitions } from "../store/definition-cache";
import { DefinitionReads } from "../store/definition-reads";

/** `cacheSeconds`: how long the user-defined roles read may be served again (store/definition-cache.ts). */
export async function permissionsOf(db: Db, roleNames: string[], cacheSeconds: number): Promise<Set<Permission>> {
  const granted = new Set<Permission>();
  const userRoles: string[] = [];
  for (const name of roleNames) {
    const builtIn = BUILT_IN_ROLES.get(name);
    if (builtIn) for (const permission of builtIn.permissions) granted.add(permission);
    else userRoles.push(name);
  }
  const roles = await cachedDefinitions(`roles\n${JSON.stringify(userRoles)}`, cacheSeconds, () => new DefinitionReads(db).bodies<RoleBody>(ROLE, userRoles));
  for (const role of roles) for (const permission of role.permissions.filter(isPermission)) granted.add(permission);
  return withAliases(granted);
}
