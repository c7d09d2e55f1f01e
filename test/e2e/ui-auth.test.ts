// Signing in to the admin UI: the PKCE module (web/src/auth) on its own, then the whole
// authorization code flow in Chromium against a real OpenID provider (oidc-provider with its
// development login and consent pages), ending signed in on the page the sign-in started from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beginSignIn, codeChallenge, completeSignIn, createVerifier, safeReturnPath } from "../../web/src/auth/oidc";
import { readToken, TOKEN_KEY, type KeyValueStore } from "../../web/src/auth/token-store";
import { screenshot, type TestBrowser } from "../support/browser";
import { type SignInStack, startSignInStack } from "../support/sign-in";
import type { RunningWorker } from "../support/worker";

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) };
}

const METADATA = { issuer: "https://idp.example", authorization_endpoint: "https://idp.example/authorize", token_endpoint: "https://idp.example/token" };

function fakeFetch(handler: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  }) as typeof fetch;
  return { fetchFn, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the PKCE sign-in module", () => {
  it("derives the S256 challenge of RFC 7636 appendix B", async () => {
    expect(await codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });

  it("makes 43-character base64url verifiers from 32 random bytes", () => {
    const verifier = createVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createVerifier()).not.toBe(verifier);
  });

  it("only returns to paths on this origin", () => {
    expect(safeReturnPath("/confirmations/abc?x=1")).toBe("/confirmations/abc?x=1");
    for (const path of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/auth/callback?code=1", "", null])
      expect(safeReturnPath(path)).toBe("/");
  });

  it("discovers the provider and builds the authorization request, remembering state and verifier", async () => {
    const storage = memoryStore();
    const { fetchFn, calls } = fakeFetch(() => json(METADATA));
    const url = new URL(
      await beginSignIn(
        { authority: "https://idp.example/", clientId: "seizu-ui", redirectUri: "https://seizu.test/auth/callback", returnTo: "/toolsets/x" },
        { fetch: fetchFn, storage },
      ),
    );
    expect(calls.map((call) => call.url)).toEqual(["https://idp.example/.well-known/openid-configuration"]);
    expect(url.origin + url.pathname).toBe("https://idp.example/authorize");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: "seizu-ui",
      redirect_uri: "https://seizu.test/auth/callback",
      scope: "openid profile",
      code_challenge_method: "S256",
    });
    const pending = JSON.parse(storage.data.get("seizu.auth.pending")!);
    expect(pending).toMatchObject({ state: params.state, token_endpoint: METADATA.token_endpoint, return_to: "/toolsets/x", client_id: "seizu-ui" });
    expect(params.code_challenge).toBe(await codeChallenge(pending.verifier));
    expect(params.state!.length).toBeGreaterThanOrEqual(21);
  });

  it("refuses a provider whose configuration names no endpoints", async () => {
    const { fetchFn } = fakeFetch(() => json({ issuer: "https://idp.example" }));
    await expect(
      beginSignIn(
        { authority: "https://idp.example", clientId: "c", redirectUri: "https://s/auth/callback", returnTo: "/" },
        { fetch: fetchFn, storage: memoryStore() },
      ),
    ).rejects.toThrow(/names no authorization or token endpoint/);
  });

  async function started() {
    const storage = memoryStore();
    const { fetchFn } = fakeFetch(() => json(METADATA));
    const url = new URL(
      await beginSignIn(
        { authority: "https://idp.example", clientId: "seizu-ui", redirectUri: "https://seizu.test/auth/callback", returnTo: "/confirmations/42" },
        { fetch: fetchFn, storage },
      ),
    );
    return { storage, state: url.searchParams.get("state")!, verifier: JSON.parse(storage.data.get("seizu.auth.pending")!).verifier as string };
  }

  it("exchanges the code with the verifier at the token endpoint and keeps the access token", async () => {
    const { storage, state, verifier } = await started();
    const { fetchFn, calls } = fakeFetch(() => json({ access_token: "at-123", token_type: "Bearer", expires_in: 300 }));
    const returnTo = await completeSignIn(`https://seizu.test/auth/callback?code=the-code&state=${state}`, { fetch: fetchFn, storage, now: () => 1_000_000 });
    expect(returnTo).toBe("/confirmations/42");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(METADATA.token_endpoint);
    expect(calls[0]!.init?.method).toBe("POST");
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init?.body)))).toEqual({
      grant_type: "authorization_code",
      code: "the-code",
      redirect_uri: "https://seizu.test/auth/callback",
      client_id: "seizu-ui",
      code_verifier: verifier,
    });
    expect(JSON.parse(storage.data.get(TOKEN_KEY)!)).toEqual({ access_token: "at-123", expires_at: 1_300_000 });
    expect(readToken(storage, 1_000_000)).toBe("at-123");
    expect(readToken(storage, 1_290_000)).toBeNull(); // within 30 s of expiry
    expect(storage.data.has("seizu.auth.pending")).toBe(false);
    // The same callback cannot be completed twice.
    await expect(completeSignIn(`https://seizu.test/auth/callback?code=the-code&state=${state}`, { fetch: fetchFn, storage })).rejects.toThrow(
      /not started in this tab/,
    );
  });

  it("rejects a callback whose state is not the one this tab sent, without calling the provider", async () => {
    const { storage } = await started();
    const { fetchFn, calls } = fakeFetch(() => json({ access_token: "stolen" }));
    await expect(completeSignIn("https://seizu.test/auth/callback?code=c&state=forged", { fetch: fetchFn, storage })).rejects.toThrow(/state mismatch/);
    expect(calls).toHaveLength(0);
    expect(storage.data.has(TOKEN_KEY)).toBe(false);
  });

  it("reports the provider's error and a refused code", async () => {
    const denied = await started();
    await expect(
      completeSignIn("https://seizu.test/auth/callback?error=access_denied&error_description=User+said+no", {
        fetch: fakeFetch(() => json({})).fetchFn,
        storage: denied.storage,
      }),
    ).rejects.toThrow("Sign-in failed: User said no");
    const { storage, state } = await started();
    const refused = fakeFetch(() => json({ error: "invalid_grant", error_description: "code expired" }, 400));
    await expect(completeSignIn(`https://seizu.test/auth/callback?code=c&state=${state}`, { fetch: refused.fetchFn, storage })).rejects.toThrow(
      /refused the code: code expired/,
    );
    expect(storage.data.has(TOKEN_KEY)).toBe(false);
  });
});

describe("signing in through a real OpenID provider in the browser", () => {
  let worker: RunningWorker;
  let browser: TestBrowser;
  let issuer: string;
  let stack: SignInStack | undefined;

  beforeAll(async () => {
    stack = await startSignInStack((workerUrl) => ({
      client_id: "seizu-ui",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
      redirect_uris: [`${workerUrl}/auth/callback`],
    }));
    ({ worker, browser, issuer } = stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("signs in with the authorization code flow and PKCE, and comes back to the page it started from", async () => {
    const page = browser.page;
    await page.goto(`${worker.url}/toolsets/seizu`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByRole("button", { name: "Sign in" }).click();

    // The provider's development login page, then its consent page.
    await page.waitForURL((url) => url.origin === issuer);
    const authorizeRequest = new URL(page.url());
    await page.locator('input[name="login"]').fill("ada");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').click();
    const consent = page.locator('button[type="submit"]', { hasText: /continue|authorize/i });
    await Promise.race([consent.waitFor().then(() => consent.click()), page.waitForURL((url) => url.origin === worker.url)]);

    await page.waitForURL(`${worker.url}/toolsets/seizu`);
    await page.getByRole("heading", { level: 1, name: "Seizu built-in tools" }).waitFor();
    expect(await page.getByTestId("subject").innerText()).toBe("ada");
    expect(await page.locator(".roles").innerText()).toBe("seizu-admin");
    expect(authorizeRequest.pathname).not.toBe("/");
    const token = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "null"), TOKEN_KEY);
    expect(token.access_token.split(".")).toHaveLength(3);
    expect(await page.evaluate(() => sessionStorage.getItem("seizu.auth.pending"))).toBeNull();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "MCP Toolsets" }).click();
    await page.getByRole("button", { name: "New toolset" }).waitFor();
    await screenshot(page, "laptop-signed-in-admin");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You have signed out.").waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
    expect(browser.problems).toEqual([]);
  });
});
