// REST operations of the `roles` group, and the caller's own identity.
import { z } from "zod";
import { PERMISSIONS } from "../../auth/permissions";
import { roleBody, createRoleInput, updateRoleInput } from "../../roles/schemas";
import { restoreInput } from "../../store/change-input";
import { authorOf, defineOperations, param } from "../operation";
import { roleParams, withVersion } from "../path-params";
import { meResponse, roleResponse, versionEntry, versionList } from "../responses";
import { roleService } from "../services";

const author = authorOf;
const id = (params: Record<string, unknown>) => param(params, "role_id");
const version = (params: Record<string, unknown>) => param<number>(params, "version");

export const roleOperations = defineOperations([
  {
    operationId: "roles_me",
    group: "roles",
    method: "get",
    path: "/me",
    summary: "The caller: subject, roles and the permissions they grant",
    response: meResponse,
    run: async ({ principal }) => ({
      subject: principal.subject,
      roles: principal.roles,
      permissions: PERMISSIONS.filter((permission) => principal.permissions.has(permission)),
    }),
  },
  {
    operationId: "roles_list",
    group: "roles",
    method: "get",
    path: "/roles",
    summary: "List built-in and user-defined roles, and the permission catalogue",
    permission: "roles:read",
    response: z.object({ roles: z.array(roleResponse), permissions: z.array(z.enum(PERMISSIONS)) }),
    run: async (ctx) => ({ roles: await roleService(ctx).listRoles(), permissions: PERMISSIONS }),
  },
  {
    operationId: "roles_list_builtin",
    group: "roles",
    method: "get",
    path: "/builtin-roles",
    summary: "List the built-in roles (seizu-viewer, seizu-editor, seizu-admin) and their permissions",
    permission: "roles:read",
    response: z.object({ roles: z.array(roleResponse) }),
    run: async (ctx) => ({ roles: (await roleService(ctx).listRoles()).filter((role) => role.built_in) }),
  },
  {
    operationId: "roles_create",
    group: "roles",
    method: "post",
    path: "/roles",
    summary: "Create a user-defined role",
    permission: "roles:write",
    body: createRoleInput,
    response: roleResponse,
    status: 201,
    run: (ctx, { body }) => roleService(ctx).createRole(body, author(ctx)),
  },
  {
    operationId: "roles_get",
    group: "roles",
    method: "get",
    path: "/roles/{role_id}",
    summary: "Get a role",
    permission: "roles:read",
    params: roleParams,
    response: roleResponse,
    run: (ctx, { params }) => roleService(ctx).getRole(id(params)),
  },
  {
    operationId: "roles_update",
    group: "roles",
    method: "patch",
    path: "/roles/{role_id}",
    summary: "Change a user-defined role (a new version)",
    permission: "roles:write",
    params: roleParams,
    body: updateRoleInput,
    response: roleResponse,
    run: (ctx, { params, body }) => roleService(ctx).updateRole(id(params), body, author(ctx)),
  },
  {
    operationId: "roles_delete",
    group: "roles",
    method: "delete",
    path: "/roles/{role_id}",
    summary: "Delete a user-defined role",
    permission: "roles:delete",
    params: roleParams,
    response: null,
    run: (ctx, { params }) => roleService(ctx).deleteRole(id(params)),
  },
  {
    operationId: "roles_versions",
    group: "roles",
    method: "get",
    path: "/roles/{role_id}/versions",
    summary: "A user-defined role's version history, newest first",
    permission: "roles:read",
    params: roleParams,
    response: versionList(roleBody),
    run: async (ctx, { params }) => ({ versions: await roleService(ctx).roleVersions(id(params)) }),
  },
  {
    operationId: "roles_version_get",
    group: "roles",
    method: "get",
    path: "/roles/{role_id}/versions/{version}",
    summary: "One version of a user-defined role",
    permission: "roles:read",
    params: withVersion(roleParams),
    response: versionEntry(roleBody),
    run: (ctx, { params }) => roleService(ctx).roleVersion(id(params), version(params)),
  },
  {
    operationId: "roles_restore",
    group: "roles",
    method: "post",
    path: "/roles/{role_id}/versions/{version}/restore",
    summary: "Restore a role version as a new version",
    permission: "roles:write",
    params: withVersion(roleParams),
    body: restoreInput,
    response: roleResponse,
    run: (ctx, { params, body }) => roleService(ctx).restoreRole(id(params), version(params), body, author(ctx)),
  },
]);
