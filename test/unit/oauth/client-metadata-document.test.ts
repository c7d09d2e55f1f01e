// Client ID Metadata Documents: a client_id that is an https URL is fetched by the Worker, so one
// naming this machine or a private network is refused before anything is fetched, at the
// authorization endpoint and at the token endpoint; a document on plain http is never used. A
// client whose document the library has validated connects without registering.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { authorizeUrl, connect, edgeEnv, exchangeCode, mcpCall, pkcePair, REDIRECT, RESOURCE, TestBrowser, tokenRequest } from "../../support/edge-oauth";
import { clientIdUrlProblem } from "../../../worker/oauth/client-id-url";

const workerEnv = edgeEnv();

describe("a client_id URL on a private address", () => {
  it.each([
    "https://localhost/client.json",
    "https://app.localhost/client.json",
    "https://127.0.0.1/client.json",
    "https://10.1.2.3/client.json",
    "https://172.20.0.1/client.json",
    "https://192.168.1.1/client.json",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/client.json",
    "https://0x7f.1/client.json",
    "https://[::1]/client.json",
    "https://[fd00::1]/client.json",
    "https://[fe80::1]/client.json",
    "https://[::ffff:10.0.0.1]/client.json",
  ])("is refused: %s", (clientId) => {
    expect(clientIdUrlProblem(clientId)).toContain("must be on a public host");
  });

  it.each(["https://app.example/client.json", "https://8.8.8.8/client.json", "https://[2606:4700::1111]/client.json", "registered-client-id"])(
    "is not refused: %s",
    (clientId) => {
      expect(clientIdUrlProblem(clientId)).toBeUndefined();
    },
  );

  it("gets a page at the authorization endpoint, not a redirect", async () => {
    const response = await new TestBrowser(workerEnv).request(authorizeUrl("https://10.0.0.7/client.json", (await pkcePair()).challenge));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("a private, loopback or link-local address");
  });

  it("gets invalid_client at the token endpoint", async () => {
    const response = await tokenRequest(workerEnv, {
      grant_type: "authorization_code",
      code: "x:y:z",
      client_id: "https://[::1]/client.json",
      code_verifier: "v",
      resource: RESOURCE,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client", error_description: expect.stringContaining("public host") });
  });
});

describe("a metadata document the Worker may not fetch", () => {
  it("on the test receiver (loopback, plain http) is refused and never fetched", async () => {
    const document = `${env.RECEIVER_URL}/k/cimd-http/client.json`;
    const response = await new TestBrowser(workerEnv).request(authorizeUrl(document, (await pkcePair()).challenge));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("must be on a public host");
    const received = (await (await fetch(`${env.RECEIVER_URL}/_received?key=cimd-http`)).json()) as unknown[];
    expect(received).toEqual([]);
  });

  it("on a public host over plain http is not a metadata document: the client is unknown", async () => {
    const response = await new TestBrowser(workerEnv).request(authorizeUrl("http://app.example/client.json", (await pkcePair()).challenge));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});

/**
 * The library keeps a document it validated in the Cache API (under its own cache name, for the
 * lifetime the document's Cache-Control allows) and reads it from there before fetching: here the
 * document is where the library's first fetch would have left it, since no https host a test can
 * serve is public. The origin fetch's own limits are the library's; the refusals above are ours.
 */
async function publishedDocument(clientName: string): Promise<string> {
  const clientId = `https://client-${crypto.randomUUID().slice(0, 8)}.example/mcp/client.json`;
  const document = {
    client_id: clientId,
    client_name: clientName,
    redirect_uris: [REDIRECT],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
  const cache = await caches.open("workers-oauth-provider:cimd:v1");
  await cache.put(
    clientId,
    new Response(JSON.stringify(document), { headers: { "content-type": "application/json", "cache-control": "public, max-age=300" } }),
  );
  return clientId;
}

describe("a client identified by its metadata document", () => {
  it("is named on the consent page as its document names it, with the domain publishing it and its redirect host", async () => {
    const clientId = await publishedDocument("Docs Client");
    const consent = await new TestBrowser(workerEnv).request(authorizeUrl(clientId, (await pkcePair()).challenge));
    expect(consent.status).toBe(200);
    const page = await consent.text();
    expect(page).toContain("Docs Client");
    expect(page).toContain(`Published by <strong>${new URL(clientId).hostname}</strong>`);
    expect(page).toContain("<strong>127.0.0.1</strong>");
  });

  it("signs the person in and calls a tool with the token it gets, without registering", async () => {
    const clientId = await publishedDocument("Docs Client");
    const tokens = await exchangeCode(workerEnv, await connect(workerEnv, { clientId, login: "ada" }));
    const response = await mcpCall(workerEnv, tokens.access_token, "tools/call", { name: "roles__me", arguments: {} });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { structuredContent: { subject: string } } };
    expect(result.structuredContent.subject).toBe("ada");
  });

  it("is refused when its document lists another redirect URI", async () => {
    const clientId = await publishedDocument("Docs Client");
    const response = await new TestBrowser(workerEnv).request(
      authorizeUrl(clientId, (await pkcePair()).challenge, { redirect_uri: "http://attacker.example/callback" }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});
