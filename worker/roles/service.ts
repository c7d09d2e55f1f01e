// Roles: the built-in ones (fixed) and user-defined ones (versioned in D1), and resolving a
// caller's role names to the permissions they grant.
import { BUILT_IN_ROLES, type BuiltInRole, type Permission } from "../auth/permissions";
import { ConflictError } from "../errors";
import { parseInput } from "../input";
import { VersionedStore } from "../store/versioned-store";
import { restoreInput } from "../store/change-input";
import { versionMeta, versionView } from "../store/views";
import { createRoleInput, roleBody, updateRoleInput, type RoleBody } from "./schemas";
import type { Head } from "../store/versioned-store";

const ROLE = "role";

function userRoleView(head: Head<RoleBody>) {
  return {
    id: head.id,
    ...head.body,
    built_in: false,
    ...versionMeta(head),
  };
}

function builtInRoleView(id: string, role: BuiltInRole) {
  return { id, description: role.description, permissions: [...role.permissions].sort(), built_in: true };
}

export class RoleService {
  private readonly roles: VersionedStore<typeof roleBody>;

  constructor(private readonly db: D1Database) {
    this.roles = new VersionedStore(db, ROLE, roleBody);
  }

  async listRoles() {
    const builtIn = [...BUILT_IN_ROLES].map(([id, role]) => builtInRoleView(id, role));
    return [...builtIn, ...(await this.roles.list()).map(userRoleView)];
  }

  async getRole(id: string) {
    const builtIn = BUILT_IN_ROLES.get(id);
    if (builtIn) return builtInRoleView(id, builtIn);
    return userRoleView(await this.roles.require("", id));
  }

  async createRole(input: unknown, author: string) {
    const { id, comment, ...body } = parseInput(createRoleInput, input);
    return userRoleView(await this.roles.create("", id, body, { author, comment }));
  }

  async updateRole(id: string, input: unknown, author: string) {
    this.refuseBuiltIn(id, "changed");
    const { base_version, comment, ...changes } = parseInput(updateRoleInput, input);
    const current = await this.roles.require("", id);
    const body = parseInput(roleBody, { ...current.body, ...changes });
    return userRoleView(await this.roles.update("", id, body, base_version, { author, comment }));
  }

  async deleteRole(id: string) {
    this.refuseBuiltIn(id, "deleted");
    await this.roles.delete("", id);
  }

  async roleVersions(id: string) {
    this.refuseBuiltIn(id, "versioned");
    return (await this.roles.versions("", id)).map(versionView);
  }

  async roleVersion(id: string, version: number) {
    this.refuseBuiltIn(id, "versioned");
    return versionView(await this.roles.version("", id, version));
  }

  async restoreRole(id: string, version: number, input: unknown, author: string) {
    this.refuseBuiltIn(id, "changed");
    const { base_version } = parseInput(restoreInput, input ?? {});
    const [entry, current] = await Promise.all([this.roles.version("", id, version), this.roles.require("", id)]);
    return userRoleView(await this.roles.update("", id, entry.body, base_version ?? current.version, { author, comment: `Restored from version ${version}` }));
  }

  /** The permissions granted by these role names; unknown names grant nothing. One D1 query at most. */
  async permissionsOf(roleNames: string[]): Promise<Set<Permission>> {
    const granted = new Set<Permission>();
    const userRoles: string[] = [];
    for (const name of roleNames) {
      const builtIn = BUILT_IN_ROLES.get(name);
      if (builtIn) for (const permission of builtIn.permissions) granted.add(permission);
      else userRoles.push(name);
    }
    if (userRoles.length > 0) {
      const placeholders = userRoles.map(() => "?").join(", ");
      const { results } = await this.db
        .prepare(`SELECT body FROM definitions WHERE kind = '${ROLE}' AND parent_id = '' AND id IN (${placeholders})`)
        .bind(...userRoles)
        .all<{ body: string }>();
      for (const row of results) for (const permission of (JSON.parse(row.body) as RoleBody).permissions) granted.add(permission);
    }
    return granted;
  }

  private refuseBuiltIn(id: string, what: string): void {
    if (BUILT_IN_ROLES.has(id)) throw new ConflictError(`${id} is a built-in role and cannot be ${what}`);
  }
}
