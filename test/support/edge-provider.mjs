// The organisation's OpenID provider behind the edge authorization server, for the e2e tests
// and the benchmark (plain ESM, so both can load it): oidc-provider with its development login
// and consent pages, the Worker's own confidential client (MCP_EDGE_CLIENT_ID / _SECRET), and a
// client_credentials client whose access tokens are today's provider tokens. ada is an admin,
// anyone else a viewer; the roles ride in the ID token and in the JWT access tokens.
// Also what the person does in the browser: answer the Worker's consent page and sign in.
import { createServer } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export const EDGE_CLIENT = { id: "seizu-edge", secret: "seizu-edge-test-secret" };
export const ADMIN_CLI = { id: "admin-cli", secret: "admin-cli-secret" };

/** The settings of a Seizu Edge that requires sign-in and is the edge authorization server in front of `issuer`. */
export function edgeWorkerVars(issuer, audience) {
  return {
    DEVELOPMENT_ONLY_REQUIRE_AUTH: "true",
    MCP_AUTHORIZATION_SERVER: "edge",
    OIDC_AUTHORITY: issuer,
    OIDC_AUDIENCE: audience,
    MCP_EDGE_CLIENT_ID: EDGE_CLIENT.id,
    MCP_EDGE_CLIENT_SECRET: EDGE_CLIENT.secret,
  };
}

const rolesOf = (who) => (who === "ada" || who === ADMIN_CLI.id ? ["seizu-admin"] : ["seizu-viewer"]);

/**
 * Serves the provider at `issuer` (http://127.0.0.1:port) for the Worker at `workerUrl`, its
 * access tokens RS256 JWTs for `audience`.
 */
export async function startEdgeProvider({ issuer, workerUrl, audience }) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "edge-login-key", alg: "RS256", use: "sig" }] },
    clients: [
      {
        client_id: EDGE_CLIENT.id,
        client_secret: EDGE_CLIENT.secret,
        token_endpoint_auth_method: "client_secret_post",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        redirect_uris: [`${workerUrl}/oauth/callback`],
      },
      { client_id: ADMIN_CLI.id, client_secret: ADMIN_CLI.secret, grant_types: ["client_credentials"], redirect_uris: [], response_types: [], scope: "api" },
    ],
    scopes: ["openid", "profile", "email", "api"],
    // The roles in the ID token, as an organisation's provider sends them to a sign-in client.
    claims: { openid: ["sub", "roles"], profile: ["name", "preferred_username"], email: ["email"] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, roles: rolesOf(sub), name: sub[0].toUpperCase() + sub.slice(1), preferred_username: sub, email: `${sub}@seizu.test` }),
    }),
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: "api", audience, accessTokenFormat: "jwt", accessTokenTTL: 300, jwt: { sign: { alg: "RS256" } } }),
      },
    },
    extraTokenClaims: (_ctx, token) => ({ roles: rolesOf(token.accountId ?? token.clientId) }),
    // Lifetimes of its own (and none of its notices about the defaults in the bench's output).
    ttl: { AccessToken: 300, ClientCredentials: 300, IdToken: 300, Grant: 3600, Interaction: 600, Session: 3600 },
  });
  provider.proxy = false;
  const server = createServer(provider.callback());
  const { port } = new URL(issuer);
  await new Promise((resolve) => server.listen(Number(port), "127.0.0.1", resolve));
  return {
    /** An access token of the client_credentials client (seizu-admin): how today's callers hold one. */
    async providerToken() {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${ADMIN_CLI.id}:${ADMIN_CLI.secret}`).toString("base64")}`,
        },
        body: new URLSearchParams({ grant_type: "client_credentials", scope: "api", resource: audience }),
      });
      const body = await response.json();
      if (!body.access_token) throw new Error(`provider token: ${response.status} ${JSON.stringify(body)}`);
      return body.access_token;
    },
    stop: () => new Promise((resolve) => server.close(resolve).closeAllConnections()),
  };
}

/**
 * Acts as the person in `page`: opens the client's authorization URL, answers the consent page
 * (`decision` allow or deny, `access` read_only or full, else the offered level), signs in at
 * the provider at `issuer` as `login` when it asks, and resolves with the URL the browser was
 * finally sent to (the client's redirect URI, with the code or the error) once it is there.
 */
export async function answerInBrowser(page, issuer, authorizationUrl, { decision = "allow", access, login = "ada" } = {}) {
  const redirectUri = new URL(authorizationUrl).searchParams.get("redirect_uri");
  if (!redirectUri) throw new Error(`the authorization URL names no redirect_uri: ${authorizationUrl}`);
  const arrived = (url) => url.href.startsWith(redirectUri);
  await page.goto(authorizationUrl);
  if (access === "read_only") await page.getByRole("radio", { name: /read-only/i }).check();
  if (access === "full") await page.getByRole("radio", { name: /everything/i }).check();
  await page.getByRole("button", { name: decision === "deny" ? "Deny" : "Allow" }).click();
  // The provider's login page and its consent page, each at most once.
  for (let step = 0; step < 3; step++) {
    await page.waitForURL((url) => arrived(url) || (url.origin === issuer && url.pathname.startsWith("/interaction/")));
    if (arrived(new URL(page.url()))) return new URL(page.url());
    const before = page.url();
    const loginField = page.locator('input[name="login"]');
    if (await loginField.count()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill("any");
    }
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((url) => url.href !== before);
  }
  await page.waitForURL(arrived);
  return new URL(page.url());
}
