// The edge authorization server end to end: a Worker with MCP_AUTHORIZATION_SERVER=edge that
// signs people in at a real OpenID provider (test/support/edge-provider.mjs: ada is an admin,
// anyone else a viewer, the roles in the ID token), and a browser in which the person answers
// the Worker's consent page and the provider's login.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { launchBrowser, type TestBrowser } from "./browser";
// @ts-expect-error plain ESM helpers shared with the benchmark
import { answerInBrowser as answer, edgeWorkerVars, startEdgeProvider } from "./edge-provider.mjs";
import { AUDIENCE } from "./oidc";
import { rest } from "./rest";
import { startWorker, type RunningWorker } from "./worker";
// @ts-expect-error plain ESM helper
import { freePort } from "../../scripts/neo4j/server.mjs";

export interface EdgeStack {
  worker: RunningWorker;
  browser: TestBrowser;
  issuer: string;
  /** `${worker}/api/v1/mcp`: all a client is told. */
  mcpUrl: string;
  /** An access token from the provider (client_credentials) with seizu-admin, as today's callers hold one. */
  providerToken(): Promise<string>;
  /** Creates `toolset` with one tool, `one` (RETURN 1 AS one), as an admin with a provider token. */
  seedToolset(toolset: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startEdgeStack(vars: Record<string, string> = {}): Promise<EdgeStack> {
  const issuer = `http://127.0.0.1:${await freePort()}`;
  const [worker, browser] = await Promise.all([
    startWorker({ ...edgeWorkerVars(issuer, AUDIENCE), ...vars }),
    // The provider's development login pages link resources on the internet, which is not reachable here.
    launchBrowser({ ignoreConsole: [/ERR_NAME_NOT_RESOLVED/] }),
  ]);
  const provider: { providerToken(): Promise<string>; stop(): Promise<void> } = await startEdgeProvider({ issuer, workerUrl: worker.url, audience: AUDIENCE });
  return {
    worker,
    browser,
    issuer,
    mcpUrl: `${worker.url}/api/v1/mcp`,
    providerToken: () => provider.providerToken(),
    async seedToolset(toolset) {
      const admin = { authorization: `Bearer ${await provider.providerToken()}` };
      expect((await rest(worker.url, "POST", "/toolsets", { id: toolset, name: "Edge" }, admin)).status).toBe(201);
      const created = await rest(worker.url, "POST", `/toolsets/${toolset}/tools`, { id: "one", name: "One", cypher: "RETURN 1 AS one" }, admin);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    },
    async stop() {
      await browser.close();
      await worker.stop();
      await provider.stop();
    },
  };
}

export interface ConsentAnswer {
  /** Allow (the default) or Deny on the Worker's consent page. */
  decision?: "allow" | "deny";
  /** The access level chosen on the consent page: the offered one when not given. */
  access?: "read_only" | "full";
  /** Who signs in at the provider when it asks (ada, an admin, by default). */
  login?: string;
}

/** The person answers in the browser; resolves with the client redirect URI the browser reached. */
export const answerInBrowser = (page: Page, stack: Pick<EdgeStack, "issuer">, authorizationUrl: string, consent: ConsentAnswer = {}): Promise<URL> =>
  answer(page, stack.issuer, authorizationUrl, consent);
