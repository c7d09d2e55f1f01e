// The Worker's HTTP surface: OAuth discovery, health, and every authenticated route under
// /api/v1, with errors as JSON.
import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { errorResponse } from "./api/errors";
import { health } from "./api/health";
import { mcp } from "./api/mcp";
import { oauthMetadata } from "./api/oauth-metadata";
import { roleRoutes } from "./api/roles";
import { toolsets } from "./api/toolsets";
import { authenticate } from "./auth/authenticate";

/** Every route that needs an authenticated caller; exported so tests can walk the route table. */
export const authenticatedRoutes = new Hono<AppEnv>().use(authenticate).route("/", toolsets).route("/", roleRoutes).route("/", mcp);

export function createApp() {
  const app = new Hono<AppEnv>();
  app.route("/", oauthMetadata);
  app.route("/api/v1", health);
  app.route("/api/v1", authenticatedRoutes);
  app.notFound((c) => c.json({ error: { code: "not_found", message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404));
  app.onError(errorResponse);
  return app;
}
