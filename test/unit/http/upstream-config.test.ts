// Upstream Seizu's UI and `seizu login` read GET /api/v1/config before anyone signs in: whether
// to sign in, with which OpenID client, and the workflow activity types with their form fields.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { upstreamConfigResponse } from "../../../worker/operations/unlisted-responses";
import { api } from "../../support/api";

const app = createApp();
const signInRequired = {
  DEVELOPMENT_ONLY_REQUIRE_AUTH: "true",
  OIDC_AUTHORITY: "https://login.example/realms/seizu",
  OIDC_AUDIENCE: "seizu",
  OIDC_CLIENT_ID: "seizu-ui",
};

async function config(vars: Record<string, string> = {}) {
  const response = await app.fetch(new Request("http://seizu.test/api/v1/config"), { ...env, ...vars });
  return { status: response.status, text: await response.text() };
}

describe("GET /api/v1/config", () => {
  it("answers without a token, naming the OpenID client to sign in with, as `seizu login` reads it", async () => {
    const { status, text } = await config(signInRequired);
    expect(status).toBe(200);
    const body = upstreamConfigResponse.parse(JSON.parse(text));
    expect(body.auth_required).toBe(true);
    expect(body.oidc).toEqual({
      authority: "https://login.example/realms/seizu",
      client_id: "seizu-ui",
      redirect_uri: "http://seizu.test/auth/callback",
      scope: "openid profile",
    });
  });

  it("says no sign-in is needed, and gives no OpenID client, when authentication is off", async () => {
    const body = JSON.parse((await config()).text);
    expect(body.auth_required).toBe(false);
    expect(body.oidc).toBeNull();
  });

  it("lists the activity types this server runs with their form fields, and a scheduled query's action types", async () => {
    const body = upstreamConfigResponse.parse(JSON.parse((await config()).text));
    const types = (await api("GET", "/workflows/activity-types")).body.activity_types as { type: string; config_fields: unknown[] }[];
    expect(body.workflow_activity_types).toEqual(types.map((type) => type.type).sort());
    for (const type of types) expect(body.workflow_activity_schemas[type.type]).toEqual(type.config_fields);
    expect(body.workflow_activity_definitions.query).toMatchObject({ input_required: false, output_schema: { type: "array" } });
    expect(body.scheduled_query_action_types).toContain("log");
    expect(body.scheduled_query_action_types).not.toContain("query");
    expect(body.features).toEqual({ chat: false, chat_schedules: false });
  });

  it("carries no secret of the server's settings", async () => {
    const { text } = await config(signInRequired);
    const settings = env as unknown as Record<string, string>;
    for (const secret of [settings.NEO4J_PASSWORD, settings.MCP_SIGNED_STATE_KEY, settings.AWS_SECRET_ACCESS_KEY]) expect(text).not.toContain(secret);
  });
});
