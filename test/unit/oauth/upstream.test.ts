// The identity step at the organisation's provider: who signed in is read exactly as a bearer
// token is (sub, the role claim, the profile), the role claim from the access token when the ID
// token lacks it, and a sign-in the person cancels there reaches the client as access_denied.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../worker/config";
import { edgePrincipal } from "../../../worker/oauth/edge-token";
import { authorizeUrl, BASE, connect, edgeEnv, exchangeCode, handleOf, newClient, pkcePair, REDIRECT, TestBrowser } from "../../support/edge-oauth";

const workerEnv = edgeEnv();

async function principalOf(login: string) {
  const tokens = await exchangeCode(workerEnv, await connect(workerEnv, { login }));
  return edgePrincipal(tokens.access_token, loadConfig(workerEnv), BASE, workerEnv, workerEnv.DB);
}

describe("the person who signed in at the provider", () => {
  it("is the ID token's subject with its role claim and profile", async () => {
    const principal = await principalOf("ada");
    expect(principal).toMatchObject({
      subject: "ada",
      roles: ["seizu-admin"],
      profile: { sub: "ada", iss: workerEnv.TEST_OIDC_ISSUER, email: "ada@example.test" },
    });
    expect([...principal.permissions]).toContain("roles:write");
  });

  it("gets the roles of the provider's JWT access token when the ID token has no role claim", async () => {
    const principal = await principalOf("carol");
    expect(principal.roles).toEqual(["seizu-editor"]);
  });
});

describe("a sign-in cancelled at the provider", () => {
  it("sends access_denied to the client with its state and the issuer", async () => {
    const { client_id } = await newClient(workerEnv);
    const browser = new TestBrowser(workerEnv);
    const page = await (await browser.request(authorizeUrl(client_id, (await pkcePair()).challenge))).text();
    const approved = await browser.post(`${BASE}/oauth/authorize`, { handle: handleOf(page), decision: "approve", scope: "mcp" });
    let url = approved.headers.get("location") ?? "";
    for (let response = await browser.request(url); response.headers.get("location"); response = await browser.request(url)) {
      url = new URL(response.headers.get("location") ?? "", url).toString();
    }
    // The provider's login page links its Cancel at {interaction}/abort.
    let location = (await browser.request(`${url}/abort`)).headers.get("location") ?? "";
    while (!location.startsWith(`${BASE}/oauth/callback`)) location = (await browser.request(new URL(location, url).toString())).headers.get("location") ?? "";
    const back = await browser.request(location);
    const redirect = new URL(back.headers.get("location") ?? "");
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(redirect.searchParams)).toMatchObject({ error: "access_denied", state: "client-state", iss: BASE });
  });

  it("cannot be resumed in another browser: the callback is refused without the binding cookie", async () => {
    const { client_id } = await newClient(workerEnv);
    const browser = new TestBrowser(workerEnv);
    const page = await (await browser.request(authorizeUrl(client_id, (await pkcePair()).challenge))).text();
    const approved = await browser.post(`${BASE}/oauth/authorize`, { handle: handleOf(page), decision: "approve", scope: "mcp" });
    const state = new URL(approved.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const elsewhere = await new TestBrowser(workerEnv).request(`${BASE}/oauth/callback?code=stolen&state=${encodeURIComponent(state)}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get("location")).toBeNull();
  });
});
