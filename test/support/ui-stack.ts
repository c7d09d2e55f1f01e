// What a describe block of the admin UI's browser tests runs against: a Worker under `wrangler
// dev` and a Chromium page, started before its tests and closed after. `ready` receives them
// once both are up (to keep them in the block's variables, and to seed what the tests need).
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, type TestBrowser } from "./browser";
import { AUDIENCE, signingKey, type TestCaller, TestIdentityProvider } from "./oidc";
import { startWorker, type RunningWorker } from "./worker";

export interface UiStack {
  worker: RunningWorker;
  browser: TestBrowser;
  page: Page;
}

export interface SignedInUiStack extends UiStack {
  idp: TestIdentityProvider;
  /** The Authorization header of a seizu-admin caller, for seeding through REST. */
  admin: { authorization: string };
}

interface StackOptions {
  /** Worker variables over the test defaults. */
  vars?: Record<string, string>;
  browser?: Parameters<typeof launchBrowser>[0];
}

/** The development admin's UI: no sign-in. */
export function uiOnWorker(ready: (stack: UiStack) => unknown, { vars, browser: browserOptions }: StackOptions = {}): void {
  let stack: UiStack | undefined;
  beforeAll(async () => {
    const [worker, browser] = await Promise.all([startWorker(vars), launchBrowser(browserOptions)]);
    stack = { worker, browser, page: browser.page };
    await ready(stack);
  });
  afterAll(async () => {
    await stack?.browser.close();
    await stack?.worker.stop();
  });
}

/**
 * The UI with sign-in on: an OpenID provider that signs for a seizu-viewer ("viewer") and a
 * seizu-admin ("admin") client with the key `keyId` (and `moreCallers`, e.g. holding a role the
 * tests define), and the Worker trusting it.
 */
export function signedInUiOnWorker(keyId: string, ready: (stack: SignedInUiStack) => unknown, moreCallers: TestCaller[] = []): void {
  let idp: TestIdentityProvider | undefined;
  let stack: SignedInUiStack | undefined;
  beforeAll(async () => {
    const key = await signingKey(keyId);
    idp = await TestIdentityProvider.start(
      [{ clientId: "viewer", roles: ["seizu-viewer"] }, { clientId: "admin", roles: ["seizu-admin"] }, ...moreCallers],
      [key.privateJwk],
    );
    const [worker, browser] = await Promise.all([
      startWorker({ DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: idp.issuer, OIDC_AUDIENCE: AUDIENCE, OIDC_CLIENT_ID: "seizu-ui" }),
      launchBrowser(),
    ]);
    stack = { idp, worker, browser, page: browser.page, admin: { authorization: `Bearer ${await idp.token("admin")}` } };
    await ready(stack);
  });
  afterAll(async () => {
    await stack?.browser.close();
    await stack?.worker.stop();
    await idp?.stop();
  });
}
