// Operations of the `roles` group: user-defined roles as a versioned resource (the kit's
// operations) beside the fixed built-in ones, and the caller's own identity.
import { z } from "zod";
import { PERMISSIONS } from "../auth/permissions";
import { VERSIONED_ACTIONS, versionedOperations } from "./generators/versioned-operations";
import { builtInRoleNamed, builtInRoleView, builtInRoleViews } from "../roles/resources";
import { createRoleInput, replaceRoleInput, updateRoleInput } from "../roles/schemas";
import { NotFoundError } from "../errors/domain";
import { UserDirectory } from "../users/directory";
import { userView } from "../users/schemas";
import { defineOperation } from "./operation";
import { roleParams } from "./path-params";
import { meResponse, roleListResponse, roleResponse, roleVersionEntry } from "./responses";
import { roles } from "./services";

const me = defineOperation({
  operationId: "roles_me",
  group: "roles",
  method: "get",
  path: "/me",
  summary: "The caller: subject, roles and the permissions they grant, and upstream Seizu's `user` profile",
  response: meResponse,
  run: async ({ principal, db }) => {
    const directory = new UserDirectory(db);
    await directory.record(principal.profile);
    const user = await directory.get(principal.subject);
    if (!user) throw new Error(`The caller ${principal.subject} was recorded but cannot be read back`);
    return {
      subject: principal.subject,
      roles: principal.roles,
      permissions: PERMISSIONS.filter((permission) => principal.permissions.has(permission)),
      user,
    };
  },
});

// Upstream gates this on users:read; here any signed-in caller may look up who made a change,
// as every reader of a version history sees its authors' ids anyway.
const user = defineOperation({
  operationId: "roles_get_user",
  group: "roles",
  method: "get",
  path: "/users/{user_id}",
  summary: "A person seen signing in (display name, email) by their user id, the created_by of their changes",
  params: z.object({ user_id: z.string().describe("The person's user id: their token's subject") }),
  response: userView,
  run: async (ctx, { params }) => {
    const found = await new UserDirectory(ctx.db).get(params.user_id);
    if (!found) throw new NotFoundError(`User ${params.user_id} not found: nobody with that id has signed in`);
    return found;
  },
});

/** The built-in roles, at this server's path and at upstream Seizu's (GET /roles/builtin). */
const builtinsAt = (operationId: string, path: string) =>
  defineOperation({
    operationId,
    group: "roles",
    method: "get",
    path,
    summary: "List the built-in roles (seizu-viewer, seizu-editor, seizu-admin) and their permissions",
    permission: "roles:read",
    response: z.object({ roles: z.array(roleResponse) }),
    run: async () => ({ roles: builtInRoleViews() }),
  });
const builtins = builtinsAt("roles_list_builtin", "/builtin-roles");
const upstreamBuiltins = builtinsAt("roles_builtin", "/roles/builtin");

const { list, ...resources } = versionedOperations({
  group: "roles",
  collection: "/roles",
  itemParams: roleParams,
  idParam: "role_id",
  key: (params) => ({ parentId: "", id: params.role_id }),
  noun: "role",
  actions: VERSIONED_ACTIONS,
  operationIds: { prefix: "roles_" },
  updateStyle: "merge_and_replace",
  summaries: {
    list: "List built-in and user-defined roles, and the permission catalogue",
    create: "Create a user-defined role",
    update: "Change a user-defined role (a new version)",
    delete: "Delete a user-defined role",
    versions: "A user-defined role's version history, newest first",
    version_get: "One version of a user-defined role",
  },
  permissions: { read: "roles:read", write: "roles:write", delete: "roles:delete" },
  listField: "roles",
  schemas: { item: roleResponse, entry: roleVersionEntry, create: createRoleInput, update: updateRoleInput, replace: replaceRoleInput },
  resource: roles,
  overrides: {
    list: (base) =>
      defineOperation({
        ...base,
        response: roleListResponse,
        run: async (ctx) => ({ roles: [...builtInRoleViews(), ...(await roles(ctx).list())], permissions: [...PERMISSIONS] }),
      }),
    get: (base) =>
      defineOperation({
        ...base,
        response: roleResponse,
        run: async (ctx, { params: { role_id: id } }) => {
          const builtIn = builtInRoleNamed(id);
          return builtIn ? builtInRoleView(builtIn.name, builtIn.role) : roles(ctx).get({ parentId: "", id });
        },
      }),
  },
});

export const roleOperations = [me, user, list, builtins, upstreamBuiltins, ...Object.values(resources)];
