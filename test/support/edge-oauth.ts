// The edge authorization server end to end: a Worker with MCP_AUTHORIZATION_SERVER=edge that
// signs people in at a real OpenID provider (oidc-provider with its development login and
// consent pages; ada is an admin, anyone else a viewer, the roles in the ID token), and a
// browser in which the person answers the Worker's consent page and the provider's login.
import type { Server } from "node:http";
import type { Page } from "playwright-core";
import Provider from "oidc-provider";
import { launchBrowser, type TestBrowser } from "./browser";
import { AUDIENCE, JWT_ACCESS_TOKENS, serveProvider, signingKey } from "./oidc";
import { startWorker, type RunningWorker } from "./worker";
// @ts-expect-error plain ESM helper
import { freePort } from "../../scripts/neo4j/server.mjs";

/** The Worker's own client at the provider (MCP_EDGE_CLIENT_ID / MCP_EDGE_CLIENT_SECRET). */
export const EDGE_CLIENT = { id: "seizu-edge", secret: "seizu-edge-test-secret" };
/** A client_credentials client of the provider whose tokens carry seizu-admin: today's provider tokens. */
export const ADMIN_CLI = { id: "admin-cli", secret: "admin-cli-secret" };

const rolesOf = (who: string | undefined) => (who === "ada" || who === ADMIN_CLI.id ? ["seizu-admin"] : ["seizu-viewer"]);

export interface EdgeStack {
  worker: RunningWorker;
  browser: TestBrowser;
  issuer: string;
  /** `${worker}/api/v1/mcp`: all a client is told. */
  mcpUrl: string;
  /** An access token from the provider (client_credentials) with seizu-admin, as today's callers use. */
  providerToken(): Promise<string>;
  stop(): Promise<void>;
}

export async function startEdgeStack(vars: Record<string, string> = {}): Promise<EdgeStack> {
  const port = (await freePort()) as number;
  const issuer = `http://127.0.0.1:${port}`;
  const [worker, browser] = await Promise.all([
    startWorker({
      DEVELOPMENT_ONLY_REQUIRE_AUTH: "true",
      MCP_AUTHORIZATION_SERVER: "edge",
      OIDC_AUTHORITY: issuer,
      OIDC_AUDIENCE: AUDIENCE,
      MCP_EDGE_CLIENT_ID: EDGE_CLIENT.id,
      MCP_EDGE_CLIENT_SECRET: EDGE_CLIENT.secret,
      ...vars,
    }),
    // The provider's development login pages link resources on the internet, which is not reachable here.
    launchBrowser({ ignoreConsole: [/ERR_NAME_NOT_RESOLVED/] }),
  ]);
  const key = await signingKey("edge-login-key");
  const provider = new Provider(issuer, {
    jwks: { keys: [key.privateJwk] },
    clients: [
      {
        client_id: EDGE_CLIENT.id,
        client_secret: EDGE_CLIENT.secret,
        // Whichever of the two secret methods the Worker's OIDC client library picks.
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        redirect_uris: [`${worker.url}/oauth/callback`],
      },
      {
        client_id: ADMIN_CLI.id,
        client_secret: ADMIN_CLI.secret,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        scope: "api",
      },
    ],
    scopes: ["openid", "profile", "api"],
    // The roles ride in the ID token (and the JWT access tokens), as an organisation's provider sends them.
    claims: { openid: ["sub", "roles"], profile: ["name", "preferred_username"] },
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, roles: rolesOf(sub), name: sub[0]!.toUpperCase() + sub.slice(1), preferred_username: sub }),
    }),
    features: { devInteractions: { enabled: true }, clientCredentials: { enabled: true }, resourceIndicators: JWT_ACCESS_TOKENS },
    extraTokenClaims: (_ctx: unknown, token: unknown) => {
      const { accountId, clientId } = token as { accountId?: string; clientId?: string };
      return { roles: rolesOf(accountId ?? clientId) };
    },
  });
  const server: Server = await serveProvider(provider, port);
  return {
    worker,
    browser,
    issuer,
    mcpUrl: `${worker.url}/api/v1/mcp`,
    async providerToken() {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${ADMIN_CLI.id}:${ADMIN_CLI.secret}`).toString("base64")}`,
        },
        body: new URLSearchParams({ grant_type: "client_credentials", scope: "api", resource: AUDIENCE }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!body.access_token) throw new Error(`provider token: ${response.status} ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async stop() {
      await browser.close();
      await worker.stop();
      await new Promise((resolve) => server.close(resolve).closeAllConnections());
    },
  };
}

export interface ConsentAnswer {
  /** Allow (the default) or Deny on the Worker's consent page. */
  decision?: "allow" | "deny";
  /** The access level chosen on the consent page: the offered one when not given. */
  access?: "read_only" | "full";
  /** Who signs in at the provider (when it asks). */
  login?: string;
}

/**
 * Acts as the person: opens the client's authorization URL, answers the consent page, signs in
 * at the provider when it asks, and resolves with the URL the browser was finally sent to (the
 * client's redirect URI, with the code or the error), once it has arrived there.
 */
export async function answerInBrowser(page: Page, stack: Pick<EdgeStack, "issuer">, authorizationUrl: string, answer: ConsentAnswer = {}): Promise<URL> {
  const redirectUri = new URL(authorizationUrl).searchParams.get("redirect_uri");
  if (!redirectUri) throw new Error(`the authorization URL names no redirect_uri: ${authorizationUrl}`);
  const arrived = (url: URL) => url.href.startsWith(redirectUri);
  await page.goto(authorizationUrl);
  if (answer.access === "read_only") await page.getByRole("radio", { name: /read-only/i }).check();
  if (answer.access === "full") await page.getByRole("radio", { name: /everything/i }).check();
  await page.getByRole("button", { name: answer.decision === "deny" ? "Deny" : "Allow" }).click();
  // The provider's login page and its consent page each once at most, in a fresh browser profile.
  for (let step = 0; step < 3; step++) {
    await page.waitForURL((url) => arrived(url) || (url.origin === stack.issuer && url.pathname.startsWith("/interaction/")));
    if (arrived(new URL(page.url()))) return new URL(page.url());
    const before = page.url();
    const login = page.locator('input[name="login"]');
    if (await login.count()) {
      await login.fill(answer.login ?? "ada");
      await page.locator('input[name="password"]').fill("any");
    }
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((url) => url.href !== before);
  }
  await page.waitForURL(arrived);
  return new URL(page.url());
}
