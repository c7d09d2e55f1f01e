// REST: /api/v1/roles (built-in and user-defined) and /api/v1/me (the caller). Each route
// names its permission; /me needs only a valid identity.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env";
import { requires } from "../auth/authorize";
import { PERMISSIONS } from "../auth/permissions";
import { RoleService } from "../roles/service";
import { jsonBody, versionParam } from "./request";

const roles = (c: Context<AppEnv>) => new RoleService(c.env.DB);
const author = (c: Context<AppEnv>) => c.get("principal").subject;
const id = (c: Context<AppEnv>) => c.req.param("role_id") as string;

export const roleRoutes = new Hono<AppEnv>()
  .get("/me", (c) => {
    const principal = c.get("principal");
    return c.json({ subject: principal.subject, roles: principal.roles, permissions: PERMISSIONS.filter((permission) => principal.permissions.has(permission)) });
  })
  .get("/roles", requires("roles:read"), async (c) => c.json({ roles: await roles(c).listRoles(), permissions: PERMISSIONS }))
  .post("/roles", requires("roles:write"), async (c) => c.json(await roles(c).createRole(await jsonBody(c), author(c)), 201))
  .get("/roles/:role_id", requires("roles:read"), async (c) => c.json(await roles(c).getRole(id(c))))
  .patch("/roles/:role_id", requires("roles:write"), async (c) => c.json(await roles(c).updateRole(id(c), await jsonBody(c), author(c))))
  .delete("/roles/:role_id", requires("roles:delete"), async (c) => {
    await roles(c).deleteRole(id(c));
    return c.body(null, 204);
  })
  .get("/roles/:role_id/versions", requires("roles:read"), async (c) => c.json({ versions: await roles(c).roleVersions(id(c)) }))
  .get("/roles/:role_id/versions/:version", requires("roles:read"), async (c) => c.json(await roles(c).roleVersion(id(c), versionParam(c))))
  .post("/roles/:role_id/versions/:version/restore", requires("roles:write"), async (c) =>
    c.json(await roles(c).restoreRole(id(c), versionParam(c), await jsonBody(c), author(c))),
  );
