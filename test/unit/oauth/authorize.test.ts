// What /oauth/authorize refuses, and how: a request whose client or redirect URI is not trusted
// gets a page here and never a redirect; once they are validated, the client gets an OAuth error
// at its redirect URI (with its state and the issuer). PKCE with S256 is required of every client.
import { describe, expect, it } from "vitest";
import { authorizeUrl, BASE, callWorker, edgeEnv, handleOf, newClient, pkcePair, REDIRECT, registerClient, TestBrowser } from "../../support/edge-oauth";

const workerEnv = edgeEnv();

async function open(url: string) {
  const response = await new TestBrowser(workerEnv).request(url);
  return { status: response.status, location: response.headers.get("location"), page: await response.text(), headers: response.headers };
}

async function clientAndChallenge() {
  const { client_id } = await newClient(workerEnv);
  return { clientId: client_id, challenge: (await pkcePair()).challenge };
}

describe("the consent page", () => {
  it("names the client, where its access goes, warns of a local app, and offers both access levels", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const { status, page, headers } = await open(authorizeUrl(clientId, challenge));
    expect(status).toBe(200);
    expect(page).toContain("Allow Test MCP client to use Seizu Edge as you?");
    expect(page).toContain("registered itself");
    expect(page).toContain("<strong>127.0.0.1</strong>");
    expect(page).toContain("an app on your computer");
    expect(page).toMatch(/value="mcp:read"> Read-only tools/);
    expect(page).toMatch(/value="mcp" checked> Everything your roles allow/);
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("preselects read-only tools when the client asked for mcp:read", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const { page } = await open(authorizeUrl(clientId, challenge, { scope: "mcp:read" }));
    expect(page).toMatch(/value="mcp:read" checked> Read-only tools/);
  });

  it("escapes the name a client registered", async () => {
    const { client_id } = await newClient(workerEnv, { client_name: `<script>alert("x")</script>` });
    const { page } = await open(authorizeUrl(client_id, (await pkcePair()).challenge));
    expect(page).not.toContain("<script>");
    expect(page).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
  });

  it("accepts a loopback redirect URI on another port (RFC 8252)", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const { status } = await open(authorizeUrl(clientId, challenge, { redirect_uri: "http://127.0.0.1:55555/callback" }));
    expect(status).toBe(200);
  });
});

describe("refused authorization requests", () => {
  it("renders an unregistered redirect URI as a page and never redirects there", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const { status, location, page } = await open(authorizeUrl(clientId, challenge, { redirect_uri: "https://attacker.example/callback" }));
    expect(status).toBe(400);
    expect(location).toBeNull();
    expect(page).toContain("redirect");
  });

  it("renders an unknown client as a page", async () => {
    const { status, location } = await open(authorizeUrl("no-such-client", (await pkcePair()).challenge));
    expect(status).toBe(400);
    expect(location).toBeNull();
  });

  it("sends invalid_request to the client when PKCE is missing", async () => {
    const { clientId } = await clientAndChallenge();
    const { status, location } = await open(authorizeUrl(clientId, "", { code_challenge: undefined, code_challenge_method: undefined }));
    expect(status).toBe(302);
    const redirect = new URL(location ?? "");
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(redirect.searchParams)).toMatchObject({ error: "invalid_request", state: "client-state", iss: BASE });
  });

  it("sends invalid_request to a confidential client that omits PKCE too", async () => {
    const { client_id } = await newClient(workerEnv, { token_endpoint_auth_method: "client_secret_basic" });
    const { location } = await open(authorizeUrl(client_id, "", { code_challenge: undefined, code_challenge_method: undefined }));
    expect(new URL(location ?? "").searchParams.get("error_description")).toContain("PKCE with S256");
  });

  it("sends invalid_request to the client for the plain PKCE method", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const { location } = await open(authorizeUrl(clientId, challenge, { code_challenge_method: "plain" }));
    expect(new URL(location ?? "").searchParams.get("error")).toBe("invalid_request");
  });

  it("sends invalid_target to the client for another resource", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const { location } = await open(authorizeUrl(clientId, challenge, { resource: "https://other.example/mcp" }));
    expect(new URL(location ?? "").searchParams.get("error")).toBe("invalid_target");
  });
});

describe("the consent decision", () => {
  it("sends access_denied to the client when the person denies", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const browser = new TestBrowser(workerEnv);
    const page = await (await browser.request(authorizeUrl(clientId, challenge))).text();
    const denied = await browser.post(`${BASE}/oauth/authorize`, { handle: handleOf(page), decision: "deny" });
    expect(denied.status).toBe(302);
    const redirect = new URL(denied.headers.get("location") ?? "");
    expect(Object.fromEntries(redirect.searchParams)).toMatchObject({ error: "access_denied", state: "client-state", iss: BASE });
  });

  it("refuses an approval posted without the browser's binding cookie (a forged form)", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const page = await (await new TestBrowser(workerEnv).request(authorizeUrl(clientId, challenge))).text();
    const forged = await new TestBrowser(workerEnv).post(`${BASE}/oauth/authorize`, { handle: handleOf(page), decision: "approve", scope: "mcp" });
    expect(forged.status).toBe(400);
    expect(forged.headers.get("location")).toBeNull();
  });

  it("refuses an approval naming a scope this server does not grant", async () => {
    const { clientId, challenge } = await clientAndChallenge();
    const browser = new TestBrowser(workerEnv);
    const page = await (await browser.request(authorizeUrl(clientId, challenge))).text();
    const approved = await browser.post(`${BASE}/oauth/authorize`, { handle: handleOf(page), decision: "approve", scope: "admin" });
    expect(approved.status).toBe(400);
  });

  it("refuses a consent form posted from another site", async () => {
    const response = await callWorker(
      new Request(`${BASE}/oauth/authorize`, {
        method: "POST",
        headers: { host: "seizu.test", origin: "https://attacker.example", "content-type": "application/x-www-form-urlencoded" },
        body: "handle=x&decision=approve&scope=mcp",
      }),
      workerEnv,
    );
    expect(response.status).toBe(403);
  });
});

describe("a deployment that cannot sign anyone in", () => {
  it("names the missing settings instead of showing the consent page", async () => {
    const unconfigured = edgeEnv({ MCP_EDGE_CLIENT_ID: "" });
    const { client_id } = await newClient(unconfigured);
    const response = await new TestBrowser(unconfigured).request(authorizeUrl(client_id, (await pkcePair()).challenge));
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("MCP_EDGE_CLIENT_ID and MCP_EDGE_CLIENT_SECRET");
  });
});

describe("dynamic client registration", () => {
  it("refuses a redirect URI that is remote plain http", async () => {
    const response = await registerClient(workerEnv, { redirect_uris: ["http://app.example/callback"] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/invalid_redirect_uri|invalid_client_metadata/);
  });
});
