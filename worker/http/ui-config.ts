// GET /api/v1/ui-config (public): what the admin UI needs before anyone signs in — whether
// it must sign in at all, and the OpenID provider and client it signs in with.
import { Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./app-env";
import { loadConfig } from "../config";
import type { uiConfigResponse } from "../operations/unlisted-responses";

export const uiConfig = new Hono<AppEnv>().get("/ui-config", (c) => {
  const config = loadConfig(c.env);
  c.header("Cache-Control", "no-store");
  return c.json({
    require_auth: config.DEVELOPMENT_ONLY_REQUIRE_AUTH,
    oidc_authority: config.OIDC_AUTHORITY ?? null,
    oidc_client_id: config.OIDC_CLIENT_ID || null,
  } satisfies z.input<typeof uiConfigResponse>);
});
