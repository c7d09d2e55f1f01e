// `seizu login` and `seizu logout` against a real OpenID provider (oidc-provider with its
// development login and consent pages, driven in Chromium): the authorization code flow with
// PKCE on a loopback redirect, the tokens kept owner-only in the credentials file, refreshed when
// they expire, and used by every later command; a forged callback is refused.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBrowser } from "../support/browser";
import { createCli, failsWith, ok, type Cli } from "../support/cli";
import { type SignInStack, startSignInStack } from "../support/sign-in";
import type { RunningWorker } from "../support/worker";

const CLIENT_ID = "seizu-cli";

let worker: RunningWorker;
let browser: TestBrowser;
let stack: SignInStack | undefined;
let cli: Cli;

beforeAll(async () => {
  stack = await startSignInStack(
    () => ({
      client_id: CLIENT_ID,
      // A public native client: PKCE instead of a secret, and any port on the loopback redirect (RFC 8252).
      application_type: "native",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
      response_types: ["code"],
      redirect_uris: ["http://127.0.0.1/callback"],
    }),
    { deviceFlow: { enabled: true } },
  );
  ({ worker, browser } = stack);
  cli = createCli({ SEIZU_SERVER: worker.url });
});

afterAll(async () => {
  cli?.cleanup();
  await stack?.stop();
});

const credentialsPath = () => join(cli.home, ".config/seizu/credentials.json");
const credentials = () => JSON.parse(readFileSync(credentialsPath(), "utf8"));

/** Signs in as `user` on the provider's development pages the URL leads to, until it sends the browser back to the CLI. */
async function signIn(url: string, user: string) {
  const page = browser.page;
  await page.goto(url);
  await page.locator('input[name="login"]').fill(user);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: /continue|authorize/i }).click();
  await page.getByText("this sign-in is done").waitFor();
}

const AUTHORIZE_URL = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)$/m;

describe("seizu login", () => {
  it("signs in with the authorization code flow and PKCE on a loopback redirect, keeping the tokens owner-only", async () => {
    const login = cli.start(["login"]);
    const [, url] = await login.stderrMatching(AUTHORIZE_URL);
    const request = new URL(url!);
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: "code",
      code_challenge_method: "S256",
      scope: "openid profile offline_access",
    });
    expect(request.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await signIn(url!, "ada");
    const result = ok(await login.done);
    expect(result.stdout).toBe(`logged in to ${worker.url}; tokens kept in ${credentialsPath()}\n`);

    expect(statSync(credentialsPath()).mode & 0o777).toBe(0o600);
    const stored = credentials()[worker.url];
    expect(stored.access_token.split(".")).toHaveLength(3);
    expect(stored).toMatchObject({ refresh_token: expect.any(String), expires_at: expect.any(Number), client_id: CLIENT_ID });
  });

  it("sends the stored token with later commands", async () => {
    expect(ok(await cli.run(["whoami", "-o", "json"])).json()).toMatchObject({ subject: "ada", roles: ["seizu-admin"] });
    expect(ok(await cli.run(["auth", "whoami", "-o", "json"])).json()).toMatchObject({ subject: "ada" });
  });

  it("refreshes an expired access token with the refresh token, and keeps the new one", async () => {
    const all = credentials();
    const before = all[worker.url].access_token;
    all[worker.url].expires_at = Math.floor(Date.now() / 1000) - 60;
    writeFileSync(credentialsPath(), JSON.stringify(all));
    expect(ok(await cli.run(["whoami", "-o", "json"])).json()).toMatchObject({ subject: "ada" });
    const after = credentials()[worker.url];
    expect(after.access_token).not.toBe(before);
    expect(after.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(statSync(credentialsPath()).mode & 0o777).toBe(0o600);
  });

  it("reads a credentials file in upstream Seizu's format named by --credentials-file", async () => {
    const upstream = cli.write("upstream/credentials.json", JSON.stringify({ [worker.url]: { access_token: credentials()[worker.url].access_token } }));
    expect(ok(await cli.run(["--credentials-file", upstream, "whoami", "-o", "json"])).json()).toMatchObject({ subject: "ada" });
  });

  it("asks for a new login when an expired token has no refresh token", async () => {
    const file = cli.write(
      "expired/credentials.json",
      JSON.stringify({ [worker.url]: { access_token: "old", expires_at: Math.floor(Date.now() / 1000) - 60 } }),
    );
    expect(failsWith(await cli.run(["--credentials-file", file, "whoami"]), 2)).toBe(
      `seizu: the login stored for ${worker.url} has expired; run seizu login again`,
    );
  });

  it("refuses a callback whose state is not the one it sent, keeping no token", async () => {
    const other = join(cli.home, "forged/credentials.json");
    const login = cli.start(["--credentials-file", other, "login", "--timeout", "60"]);
    const [, url] = await login.stderrMatching(AUTHORIZE_URL);
    const redirect = new URL(url!).searchParams.get("redirect_uri")!;
    await fetch(`${redirect}?code=forged&state=not-the-state`);
    const result = await login.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/state/);
    expect(() => statSync(other)).toThrow();
  });

  it("signs in with --device: the device authorization grant, the code confirmed in a browser", async () => {
    const file = join(cli.home, "device/credentials.json");
    const login = cli.start(["--credentials-file", file, "login", "--device"]);
    const [, url] = await login.stderrMatching(/^ {2}(http:\/\/127\.0\.0\.1:\d+\/device\S*)$/m);
    const page = browser.page;
    // Signed out of the provider, whose session from the earlier sign-in would skip its login page.
    await page.context().clearCookies();
    await page.goto(url!);
    // The provider's pages: confirm the code, sign in, consent.
    await page.locator('button[type="submit"]').first().click();
    await page.locator('input[name="login"]').fill("grace");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: /continue|authorize/i }).click();
    ok(await login.done);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ok(await cli.run(["--credentials-file", file, "whoami", "-o", "json"])).json()).toMatchObject({ subject: "grace", roles: ["seizu-viewer"] });
  });

  it("logs out: forgets the tokens, and later commands go without one", async () => {
    expect(ok(await cli.run(["logout"])).stdout).toBe(`logged out from ${worker.url}\n`);
    expect(credentials()[worker.url]).toBeUndefined();
    expect(failsWith(await cli.run(["whoami"]), 1)).toContain("(HTTP 401)");
    expect(ok(await cli.run(["auth", "logout"])).stdout).toBe(`no login kept for ${worker.url}\n`);
  });
});
