// The Worker's HTTP surface: every route under /api/v1, errors as JSON.
import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { errorResponse } from "./api/errors";
import { health } from "./api/health";
import { mcp } from "./api/mcp";
import { toolsets } from "./api/toolsets";
import { authenticate } from "./auth/authenticate";

export function createApp() {
  const app = new Hono<AppEnv>();
  app.route("/api/v1", health);
  const api = new Hono<AppEnv>().use(authenticate).route("/", toolsets).route("/", mcp);
  app.route("/api/v1", api);
  app.notFound((c) => c.json({ error: { code: "not_found", message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404));
  app.onError(errorResponse);
  return app;
}
