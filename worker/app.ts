// The Worker's HTTP surface: OAuth discovery, health, the OpenAPI document, and every
// authenticated route under /api/v1, with errors as JSON. Every route first checks that the
// request names this server (Host, Origin) and that a body is JSON of at most 4 MiB (a plugin
// package uploaded as application/zip excepted, see http/plugin-upload.ts).
import { Hono } from "hono";
import type { AppEnv } from "./http/app-env";
import { allowedHosts } from "./http/allowed-hosts";
import { restBodyLimit } from "./http/body-limit";
import { errorResponse } from "./http/error-response";
import { d1Session } from "./http/d1-session";
import { health, upstreamHealthcheck } from "./http/health";
import { jsonWrites } from "./http/json-writes";
import { mcp } from "./http/mcp-endpoint";
import { oauthEdge } from "./http/oauth-edge";
import { oauthMetadata } from "./http/oauth-metadata";
import { pluginDownloads } from "./http/plugin-download";
import { pluginUploads } from "./http/plugin-upload";
import { openApiDocument } from "./http/openapi";
import { OPERATIONS } from "./operations";
import { restRoutes } from "./http/rest-routes";
import { uiConfig } from "./http/ui-config";
import { upstreamConfig } from "./http/upstream-config";
import { authenticate } from "./http/authenticate";
import { getPath } from "hono/utils/url";
import { MCP_PATH, publicBase } from "./auth/public-url";
import { loadConfig } from "./config";

/** Every route that needs an authenticated caller; exported so tests can walk the route table. */
export const authenticatedRoutes = new Hono<AppEnv>()
  .use(d1Session, authenticate)
  // Zip uploads and downloads first: JSON bodies and answers fall through to the operations of the same paths.
  .route("/", pluginUploads)
  .route("/", pluginDownloads)
  .route("/", restRoutes(OPERATIONS))
  .route("/", mcp);

/** What answers every request the same way: the checks of every route, the JSON 404 and the error table. */
function withCommonHandling(app: Hono<AppEnv>) {
  app.notFound((c) => c.json({ error: { code: "not_found", message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404));
  app.onError(errorResponse);
  return app;
}

/**
 * The MCP endpoint alone, behind the same Host/Origin check and authentication: the full route
 * table needs Hono's trie router (its regular-expression router refuses some REST paths), whose
 * search over every route costs each tools/call about a quarter of a millisecond that this app
 * does not. The SDK's handler refuses a body that is not JSON (415) or is over 4 MiB (413)
 * itself, so the REST body checks are not run twice.
 */
const mcpOnly = () => withCommonHandling(new Hono<AppEnv>().use(allowedHosts, d1Session, authenticate).route("/api/v1", mcp));

/**
 * The edge authorization server (/oauth/*, its RFC 8414 metadata): form posts and OAuth's own
 * error bodies, so none of the REST body rules, but the same Host/Origin check.
 */
const oauthOnly = () => withCommonHandling(new Hono<AppEnv>().use(allowedHosts).route("/", oauthEdge));

const isOAuthPath = (path: string) => path.startsWith("/oauth/") || path === "/.well-known/oauth-authorization-server";

export function createApp() {
  const app = new Hono<AppEnv>();
  app.use(allowedHosts, jsonWrites, restBodyLimit);
  app.route("/", oauthMetadata);
  app.route("/api/v1", health);
  app.route("/", upstreamHealthcheck);
  app.route("/api/v1", uiConfig);
  app.route("/api/v1", upstreamConfig);
  app.get("/api/v1/openapi.json", (c) => c.json(openApiDocument(OPERATIONS, publicBase(loadConfig(c.env), c.req.raw))));
  app.route("/api/v1", authenticatedRoutes);
  withCommonHandling(app);
  const mcpApp = mcpOnly();
  const oauthApp = oauthOnly();
  const everyRoute = app.fetch;
  app.fetch = (request, env, ctx) => {
    const path = getPath(request);
    if (path === MCP_PATH) return mcpApp.fetch(request, env, ctx);
    return isOAuthPath(path) ? oauthApp.fetch(request, env, ctx) : everyRoute(request, env, ctx);
  };
  return app;
}
