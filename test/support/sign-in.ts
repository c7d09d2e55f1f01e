// People signing in for real: a Worker that requires sign-in with a real OpenID provider
// (oidc-provider with its development login and consent pages, where ada is an admin and anyone
// else a viewer; access tokens are JWTs for AUDIENCE) and a browser to sign in with.
import type { Server } from "node:http";
import Provider, { type ClientMetadata, type Configuration } from "oidc-provider";
import { launchBrowser, type TestBrowser } from "./browser";
import { AUDIENCE, JWT_ACCESS_TOKENS, serveProvider, signingKey } from "./oidc";
import { startWorker, type RunningWorker } from "./worker";
// @ts-expect-error plain ESM helper
import { freePort } from "../../scripts/neo4j/server.mjs";

export interface SignInStack {
  worker: RunningWorker;
  browser: TestBrowser;
  issuer: string;
  stop(): Promise<void>;
}

/**
 * @param client the one client of the provider, the Worker's OIDC_CLIENT_ID, given the Worker's URL
 * @param features the provider's features beside its development pages and JWT access tokens
 */
export async function startSignInStack(client: (workerUrl: string) => ClientMetadata, features: Configuration["features"] = {}): Promise<SignInStack> {
  const port = (await freePort()) as number;
  const issuer = `http://127.0.0.1:${port}`;
  const [worker, browser] = await Promise.all([
    startWorker({ DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: issuer, OIDC_AUDIENCE: AUDIENCE, OIDC_CLIENT_ID: client("").client_id }),
    // The provider's development login pages link resources on the internet, which is not reachable here.
    launchBrowser({ ignoreConsole: [/ERR_NAME_NOT_RESOLVED/] }),
  ]);
  const key = await signingKey("login-key");
  const provider = new Provider(issuer, {
    jwks: { keys: [key.privateJwk] },
    clients: [client(worker.url)],
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    features: { ...features, devInteractions: { enabled: true }, resourceIndicators: JWT_ACCESS_TOKENS },
    extraTokenClaims: (_ctx: unknown, token: unknown) => ({
      roles: (token as { accountId?: string }).accountId === "ada" ? ["seizu-admin"] : ["seizu-viewer"],
    }),
  });
  const server: Server = await serveProvider(provider, port);
  return {
    worker,
    browser,
    issuer,
    async stop() {
      await browser.close();
      await worker.stop();
      await new Promise((resolve) => server.close(resolve).closeAllConnections());
    },
  };
}
