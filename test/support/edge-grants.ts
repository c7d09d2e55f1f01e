// Connected apps made the way a person makes them: an MCP client registered with the edge
// authorization server (the library's createClient), its authorization request parsed
// (parseAuthRequest on the URL a client builds, PKCE S256), the person's approval written as a
// grant with the props and metadata of issue 29's contract (completeAuthorization), and the
// code exchanged at the token endpoint (the library's fetch). Used inside workerd (unit tests)
// and in Node before `wrangler dev` starts (the library bundled by importWorker).
import type { OAuthAuthorizationServer } from "@cloudflare/workers-oauth-provider";
import { grantUserId } from "../../worker/oauth/grant-user";

export interface Connection {
  clientName: string;
  subject: string;
  displayName?: string;
  scope: "mcp" | "mcp:read";
  roles?: string[];
}

export interface ConnectedGrant {
  grantId: string;
  clientId: string;
  accessToken: string;
  refreshToken: string;
}

const REDIRECT_URI = "http://127.0.0.1:7777/callback";

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");

export async function connectApp<Env extends { OAUTH_KV: KVNamespace }>(
  server: OAuthAuthorizationServer<Env>,
  env: Env,
  ctx: ExecutionContext,
  base: string,
  connection: Connection,
): Promise<ConnectedGrant> {
  const helpers = server.getOAuthApi(env);
  const client = await helpers.createClient({ clientName: connection.clientName, redirectUris: [REDIRECT_URI], tokenEndpointAuthMethod: "none" });
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  const resource = `${base}/api/v1/mcp`;
  const authorize = new URL(`${base}/oauth/authorize`);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-1",
    scope: connection.scope,
    resource,
  }))
    authorize.searchParams.set(name, value);
  const request = await helpers.parseAuthRequest(new Request(authorize));
  const { subject, displayName, clientName } = connection;
  const profile = {
    sub: subject,
    iss: "https://provider.test",
    email: null,
    display_name: displayName ?? null,
    preferred_username: null,
    role: null,
    issued_at: null,
  };
  const { redirectTo } = await helpers.completeAuthorization({
    request,
    userId: grantUserId(subject),
    scope: [connection.scope],
    metadata: { clientName, subject, ...(displayName ? { displayName } : {}), via: "oidc" },
    props: { subject, roles: connection.roles ?? ["seizu-viewer"], profile, via: "oidc" },
  });
  const code = new URL(redirectTo).searchParams.get("code");
  if (!code) throw new Error(`completeAuthorization redirected without a code: ${redirectTo}`);
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    client_id: client.clientId,
    code_verifier: verifier,
    resource,
  });
  const response = await server.fetch(new Request(`${base}/oauth/token`, { method: "POST", body: form }), env, ctx);
  if (response.status !== 200) throw new Error(`the token endpoint answered ${response.status}: ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  const { items } = await helpers.listUserGrants(grantUserId(subject));
  const grant = items.find((item) => item.clientId === client.clientId);
  if (!grant) throw new Error(`no grant of ${subject} for client ${client.clientId}`);
  return { grantId: grant.id, clientId: client.clientId, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}
