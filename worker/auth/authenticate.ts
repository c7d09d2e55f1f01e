// Establishes the caller of every /api/v1 request.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { loadConfig } from "../config";
import { LOCAL_ADMIN } from "./principal";

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const config = loadConfig(c.env);
  if (!config.DEVELOPMENT_ONLY_REQUIRE_AUTH) {
    c.set("principal", LOCAL_ADMIN);
    return next();
  }
  c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
  return c.json({ error: { code: "unauthenticated", message: "A Bearer token is required" } }, 401);
});
