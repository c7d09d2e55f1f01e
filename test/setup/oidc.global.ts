// Vitest global setup: a real OpenID provider (oidc-provider) as the organisation's provider of
// the edge authorization server's tests, for the whole run. The Worker is its confidential client
// `seizu-edge` (authorization code + PKCE, redirect URI https://seizu.test/oauth/callback, the
// base the workers-pool tests call the Worker at); people sign in on its development login form,
// which a test posts like a browser would. ada is an admin and anyone else a viewer: the `roles`
// claim rides in the ID token, and in the JWT access tokens the `seizu-service` client gets with
// client_credentials (a provider token, as today's MCP clients bring). carol's ID token has no
// role claim: her roles come from the JWT access token the provider gives the Worker. Tests change
// a person in its directory (roles, disabled) with POST /test/accounts/{sub}, and a refresh of an
// edge grant reads them again through the refresh token the provider gives the Worker.
import { createServer, type Server } from "node:http";
import type { TestProject } from "vitest/node";
import Provider from "oidc-provider";
import { JWT_ACCESS_TOKENS, signingKey } from "../support/oidc";
// @ts-expect-error plain ESM helper
import { freePort } from "../../scripts/neo4j/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    oidcIssuer: string;
    /** A stand-in for Cloudflare Access: the same provider at {team domain}/cdn-cgi/access/sso/oidc/seizu-access. */
    accessTeamDomain: string;
  }
}

/** Where the workers-pool tests call the Worker (test/support/edge-oauth.ts). */
const EDGE_TEST_BASE = "https://seizu.test";

/**
 * The provider's directory as tests change it (POST /test/accounts/{sub} {roles?, disabled?}): a
 * person's roles changed, or the person disabled, after they signed in.
 */
const directory = new Map<string, { roles?: string[]; disabled?: boolean }>();

const rolesOf = (account: string) =>
  directory.get(account)?.roles ??
  (account === "ada" || account === "seizu-service" ? ["seizu-admin"] : account === "carol" ? ["seizu-editor"] : ["seizu-viewer"]);
/** carol's ID token carries no role claim: her roles are read from the provider's JWT access token. */
const idTokenRoles = (account: string) => (account === "carol" ? {} : { roles: rolesOf(account) });

function testProvider(issuer: string, client: { id: string; secret: string }): Provider {
  return new Provider(issuer, {
    jwks: { keys: [key.privateJwk] },
    cookies: { keys: ["edge-test-cookie-key-of-some-length"] },
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: [`${EDGE_TEST_BASE}/oauth/callback`],
        token_endpoint_auth_method: "client_secret_post",
      },
      {
        client_id: "seizu-service",
        client_secret: "seizu-service-secret",
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        scope: "api",
      },
    ],
    scopes: ["openid", "profile", "email", "api"],
    claims: { openid: ["sub", "roles"], profile: ["name", "preferred_username"], email: ["email"] },
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) =>
      directory.get(sub)?.disabled
        ? undefined
        : {
            accountId: sub,
            claims: () => ({
              sub,
              name: `${sub[0]?.toUpperCase()}${sub.slice(1)} Example`,
              preferred_username: sub,
              email: `${sub}@example.test`,
              ...idTokenRoles(sub),
            }),
          },
    features: { devInteractions: { enabled: true }, clientCredentials: { enabled: true }, resourceIndicators: JWT_ACCESS_TOKENS },
    extraTokenClaims: (_ctx: unknown, token: unknown) => {
      const { accountId, clientId } = token as { accountId?: string; clientId?: string };
      return { roles: rolesOf(accountId ?? clientId ?? "") };
    },
    pkce: { required: () => true },
    // Like many enterprise providers, a refresh token for every client allowed the grant, offline_access or not.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed("refresh_token"),
  });
}

/** The provider, and POST /test/accounts/{sub} with {roles?, disabled?} to change a person in its directory. */
async function serveWithDirectory(provider: Provider, port: number): Promise<Server> {
  provider.proxy = false;
  const callback = provider.callback();
  const server = createServer((request, response) => {
    const account = /^\/test\/accounts\/([^/?]+)$/.exec(request.url ?? "")?.[1];
    if (!account || request.method !== "POST") return callback(request, response);
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      directory.set(decodeURIComponent(account), JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

/** Cloudflare Access for SaaS serves each application's provider under its team domain at this path. */
const ACCESS_CLIENT_ID = "seizu-access";
const ACCESS_PATH = `/cdn-cgi/access/sso/oidc/${ACCESS_CLIENT_ID}`;

/** A provider whose issuer has a path, mounted there as Express would mount it. */
async function serveMounted(provider: Provider, port: number, path: string): Promise<Server> {
  provider.proxy = false;
  const callback = provider.callback();
  const server = createServer((request, response) => {
    const url = request.url ?? "/";
    if (!url.startsWith(path)) return response.writeHead(404).end();
    Object.assign(request, { originalUrl: url, url: url.slice(path.length) || "/" });
    callback(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

let key: Awaited<ReturnType<typeof signingKey>>;

export default async function setup(project: TestProject) {
  key = await signingKey("edge-test-key");
  const [port, accessPort] = [(await freePort()) as number, (await freePort()) as number];
  const issuer = `http://127.0.0.1:${port}`;
  const teamDomain = `http://127.0.0.1:${accessPort}`;
  const servers = [
    await serveWithDirectory(testProvider(issuer, { id: "seizu-edge", secret: "seizu-edge-secret" }), port),
    await serveMounted(testProvider(`${teamDomain}${ACCESS_PATH}`, { id: ACCESS_CLIENT_ID, secret: "seizu-access-secret" }), accessPort, ACCESS_PATH),
  ];
  project.provide("oidcIssuer", issuer);
  project.provide("accessTeamDomain", teamDomain);
  return () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections())));
}
