// The permission a route requires, declared where the route is declared. The middleware
// carries its permission so the route table can be inspected (tests walk every route).
import { createMiddleware } from "hono/factory";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { ForbiddenError } from "../auth/errors";
import type { Permission } from "../auth/permissions";

export type PermissionMiddleware = MiddlewareHandler<AppEnv> & { permission: Permission };

export function requires(permission: Permission): PermissionMiddleware {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("principal").permissions.has(permission)) throw new ForbiddenError(permission);
    await next();
  });
  return Object.assign(middleware, { permission });
}
