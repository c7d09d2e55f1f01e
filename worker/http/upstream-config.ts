// GET /api/v1/config (public), upstream Seizu's configuration route: its UI and `seizu login`
// read whether to sign in and with which OpenID client (`oidc`), and its workflow editors read
// the activity types with their form fields. Filled with what is true here: the activity types
// this server runs (a scheduled query's actions are the types that act on rows), the admin UI's
// own sign-in client, and no chat.
import { Hono } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./app-env";
import { publicBase } from "../auth/public-url";
import { loadConfig } from "../config";
import type { upstreamConfigResponse } from "../operations/unlisted-responses";
import { activityTypeViews } from "../workflows/activities/registry";

/** The admin UI's sign-in: its callback (web/src/auth/oidc.ts) and scope. */
const CALLBACK_PATH = "/auth/callback";
const SCOPE = "openid profile";
/** Only the query activity outputs rows (a list of objects); the others act and summarise. */
const ROWS = { type: "array", items: { type: "object", additionalProperties: true } };

export const upstreamConfig = new Hono<AppEnv>().get("/config", (c) => {
  const config = loadConfig(c.env);
  const types = activityTypeViews();
  const fields = (views: typeof types) => Object.fromEntries(views.map((view) => [view.type, view.config_fields]));
  const actions = types.filter((view) => view.input_required);
  c.header("Cache-Control", "no-store");
  return c.json({
    auth_required: config.DEVELOPMENT_ONLY_REQUIRE_AUTH,
    oidc: config.OIDC_AUTHORITY
      ? { authority: config.OIDC_AUTHORITY, client_id: config.OIDC_CLIENT_ID, redirect_uri: `${publicBase(config, c.req.raw)}${CALLBACK_PATH}`, scope: SCOPE }
      : null,
    scheduled_query_action_types: actions.map((view) => view.type).sort(),
    scheduled_query_action_schemas: fields(actions),
    scheduled_query_action_dependent_schemas: {},
    workflow_activity_types: types.map((view) => view.type).sort(),
    workflow_activity_schemas: fields(types),
    workflow_activity_definitions: Object.fromEntries(
      types.map(({ type, description, input_required, config_fields }) => [
        type,
        { description, input_required, input_schema: {}, output_schema: input_required ? {} : ROWS, config_fields },
      ]),
    ),
    features: { chat: false, chat_schedules: false },
    config: {},
  } satisfies z.input<typeof upstreamConfigResponse>);
});
