// The Worker's HTTP surface: every route under /api/v1, errors as JSON.
import { Hono } from "hono";
import { ConfigError } from "./config";
import type { AppEnv } from "./app-env";
import { health } from "./api/health";

export function createApp() {
  const app = new Hono<AppEnv>();
  app.route("/api/v1", health);
  app.notFound((c) => c.json({ error: { code: "not_found", message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404));
  app.onError((error, c) => {
    if (error instanceof ConfigError) return c.json({ error: { code: "configuration", message: error.message } }, 500);
    console.error(error);
    return c.json({ error: { code: "internal", message: "Internal error" } }, 500);
  });
  return app;
}
