// A refresh of an edge grant reads the person again at the organisation's provider, through the
// refresh token the provider gave at sign-in: a role taken away there is gone from the next
// access token, a person the provider no longer signs in loses the grant, and a provider that
// cannot be reached refuses the refresh for now without ending the grant.
import { GrantType, OAuthError, type TokenExchangeCallbackOptions } from "@cloudflare/workers-oauth-provider";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../worker/env";
import type { GrantProps } from "../../../worker/oauth/grant-props";
import { refreshFromProvider } from "../../../worker/oauth/refresh";
import { connect, edgeEnv, exchangeCode, mcpCall, RESOURCE, refreshRequest, type Tokens } from "../../support/edge-oauth";

const workerEnv = edgeEnv();

/** Changes the person in the provider's directory (test/setup/oidc.global.ts). */
async function atProvider(subject: string, entry: { roles?: string[]; disabled?: boolean }) {
  const response = await fetch(`${env.TEST_OIDC_ISSUER}/test/accounts/${encodeURIComponent(subject)}`, { method: "POST", body: JSON.stringify(entry) });
  expect(response.status).toBe(204);
}

async function signedIn(roles: string[]) {
  const login = `dora-${crypto.randomUUID().slice(0, 8)}`;
  await atProvider(login, { roles });
  const connection = await connect(workerEnv, { login });
  return { login, clientId: connection.clientId, tokens: await exchangeCode(workerEnv, connection) };
}

const refresh = (clientId: string, refreshToken: string) => refreshRequest(workerEnv, clientId, refreshToken);

async function rolesSeen(accessToken: string): Promise<string[]> {
  const response = await mcpCall(workerEnv, accessToken, "tools/call", { name: "roles__me", arguments: {} });
  expect(response.status).toBe(200);
  const { result } = (await response.json()) as { result: { structuredContent: { roles: string[] } } };
  return result.structuredContent.roles;
}

describe("a refresh of an edge grant", () => {
  it("takes away a role the provider took away since sign-in", async () => {
    const { login, clientId, tokens } = await signedIn(["seizu-admin"]);
    expect(await rolesSeen(tokens.access_token)).toEqual(["seizu-admin"]);
    await atProvider(login, { roles: ["seizu-viewer"] });
    const response = await refresh(clientId, tokens.refresh_token);
    expect(response.status).toBe(200);
    expect(await rolesSeen(((await response.json()) as Tokens).access_token)).toEqual(["seizu-viewer"]);
  });

  it("keeps going refresh after refresh while the person is unchanged at the provider", async () => {
    const { clientId, tokens } = await signedIn(["seizu-editor"]);
    const second = (await (await refresh(clientId, tokens.refresh_token)).json()) as Tokens;
    const third = (await (await refresh(clientId, second.refresh_token)).json()) as Tokens;
    expect(await rolesSeen(third.access_token)).toEqual(["seizu-editor"]);
  });

  it("ends the grant of a person the provider no longer signs in: invalid_grant, and their access token is refused", async () => {
    const { login, clientId, tokens } = await signedIn(["seizu-admin"]);
    await atProvider(login, { disabled: true });
    const response = await refresh(clientId, tokens.refresh_token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("sign in again") });
    const call = await mcpCall(workerEnv, tokens.access_token, "tools/call", { name: "roles__me", arguments: {} });
    expect(call.status).toBe(401);
  });
});

describe("a refresh while the provider cannot be reached", () => {
  const unreachable = edgeEnv({ OIDC_AUTHORITY: "http://127.0.0.1:9" }) as Env;
  const profile = { sub: "dora", iss: "http://127.0.0.1:9", email: null, display_name: null, preferred_username: null, role: "seizu-viewer", issued_at: null };
  /** The library's call of its tokenExchangeCallback on a refresh of dora's grant. */
  const refreshOf = (props: GrantProps): TokenExchangeCallbackOptions<Env> => ({
    grantType: GrantType.REFRESH_TOKEN,
    clientId: "client",
    subjectClientId: "client",
    userId: "dora",
    grantId: "AAAAAAAAAAAAAAAA",
    scope: ["mcp"],
    requestedScope: ["mcp"],
    resource: RESOURCE,
    props,
    env: unreachable,
  });

  it("is refused for now (503 temporarily_unavailable, Retry-After), not as the end of the grant", async () => {
    const props: GrantProps = { subject: "dora", roles: ["seizu-viewer"], profile, via: "oidc", upstreamRefreshToken: "a-refresh-token" };
    const refused = await refreshFromProvider(refreshOf(props)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuthError);
    expect(refused).toMatchObject({ code: "temporarily_unavailable", options: { statusCode: 503, headers: { "Retry-After": "30" } } });
  });

  it("is not asked of the provider when it gave no refresh token at sign-in: the grant's roles stay", async () => {
    expect(await refreshFromProvider(refreshOf({ subject: "dora", roles: ["seizu-viewer"], profile, via: "oidc" }))).toBeUndefined();
  });
});
