// A desktop MCP client on the v2 TypeScript SDK, told only `${worker}/api/v1/mcp`, against the
// Worker as its own authorization server (MCP_AUTHORIZATION_SERVER=edge): the SDK's built-in
// OAuth flow discovers the server, registers itself, sends the person to the consent page and
// the organisation's provider in a real browser, takes the code at its loopback redirect URI,
// calls tools, refreshes, and is refused once the person says no or the grant is revoked.
import { Client, OAuthError, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerInBrowser, type ConsentAnswer, type EdgeStack, startEdgeStack } from "../support/edge-stack";
import { startLoopbackRedirect, type LoopbackRedirect } from "../support/loopback";
import { MemoryOAuthClient } from "../support/oauth-client-provider";

let stack: EdgeStack;
let loopback: LoopbackRedirect;
const toolset = `edge_ts_${Date.now().toString(36)}`;
const tool = `${toolset}__one`;

beforeAll(async () => {
  [stack, loopback] = await Promise.all([startEdgeStack(), startLoopbackRedirect()]);
  await stack.seedToolset(toolset);
}, 180_000);
afterAll(async () => {
  await loopback?.close();
  await stack?.stop();
});

const newClient = () => new Client({ name: "seizu-e2e-edge", version: "1.0.0" }, { capabilities: {} });
const transportFor = (oauth: MemoryOAuthClient) => new StreamableHTTPClientTransport(new URL(stack.mcpUrl), { authProvider: oauth });

/**
 * The first connection as the SDK makes it: refused with 401, the SDK's flow up to the
 * authorization URL, the person's answers in the browser, and the authorization response that
 * reached the client's loopback redirect URI.
 */
async function authorize(answer: ConsentAnswer = {}) {
  let authorizationUrl: URL | undefined;
  const oauth = new MemoryOAuthClient(loopback.redirectUri, (url) => (authorizationUrl = url));
  const transport = transportFor(oauth);
  await expect(newClient().connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(authorizationUrl, "the SDK asked to open no authorization URL").toBeDefined();
  await answerInBrowser(stack.browser.page, stack, authorizationUrl!.href, answer);
  return { oauth, transport, authorizationUrl: authorizationUrl!, response: await loopback.next() };
}

/** Signs the person in and connects a client with the tokens the SDK got. */
async function connected(answer: ConsentAnswer = {}) {
  const flow = await authorize(answer);
  await flow.transport.finishAuth(flow.response);
  const client = newClient();
  await client.connect(transportFor(flow.oauth));
  return { ...flow, client };
}

const callOne = (client: Client) => client.callTool({ name: tool, arguments: {} });

describe("the TypeScript SDK's OAuth client against the edge authorization server", () => {
  it("discovers the edge from the MCP URL alone, registers, signs the person in and calls a saved tool", async () => {
    const { oauth, authorizationUrl, response, client } = await connected();
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${stack.worker.url}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(stack.mcpUrl);
    expect(oauth.registration?.client_id, "registered through /oauth/register").toBeTruthy();
    expect(authorizationUrl.searchParams.get("client_id")).toBe(oauth.registration!.client_id);
    expect(response.get("code")).toBeTruthy();
    // An edge token, not the provider's JWT: the library's userId:grantId:secret, for the provider's subject.
    expect(oauth.stored?.access_token.split(":")[0]).toBe("ada");
    expect(oauth.stored?.access_token.split(".")).toHaveLength(1);
    expect(oauth.stored?.refresh_token).toBeTruthy();
    const result = await callOne(client);
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.structuredContent)).toContain('"one":1');
    await client.close();
  });

  it("refreshes with the refresh token once the access token is refused, and calls again", async () => {
    const { oauth, client } = await connected();
    await callOne(client);
    const first = oauth.stored!;
    oauth.spoilAccessToken();
    const result = await callOne(client);
    expect(result.isError).toBeFalsy();
    expect(oauth.saved).toHaveLength(2);
    const refreshed = oauth.saved[1]!;
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(refreshed.refresh_token, "refresh tokens rotate on use").not.toBe(first.refresh_token);
    expect(refreshed.access_token.split(":").slice(0, 2), "the same grant").toEqual(first.access_token.split(":").slice(0, 2));
    await client.close();
  });

  it("lists only read-only tools when the person chose read-only access on the consent page", async () => {
    const full = await connected({ access: "full" });
    const readOnly = await connected({ access: "read_only" });
    expect(readOnly.oauth.stored?.scope).toBe("mcp:read");
    const everything = (await full.client.listTools()).tools;
    const reading = (await readOnly.client.listTools()).tools;
    expect(reading.map((listed) => listed.name)).toContain(tool);
    expect(reading.every((listed) => listed.annotations?.readOnlyHint === true)).toBe(true);
    expect(
      everything.some((listed) => listed.annotations?.readOnlyHint !== true),
      "an admin's full grant has tools that write",
    ).toBe(true);
    expect(reading.length).toBeLessThan(everything.length);
    await full.client.close();
    await readOnly.client.close();
  });

  it("refuses an authorization code taken from the loopback redirect by another local app without the client's PKCE verifier", async () => {
    const { oauth, response } = await authorize();
    const stolen = await fetch(`${stack.worker.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: response.get("code")!,
        redirect_uri: loopback.redirectUri,
        client_id: oauth.registration!.client_id,
        code_verifier: "an-attacker-guessed-verifier-of-the-required-43-characters-or-more",
        resource: stack.mcpUrl,
      }),
    });
    expect(stolen.status).toBe(400);
    const body = (await stolen.json()) as { error?: string; access_token?: string };
    expect(body.error).toBe("invalid_grant");
    expect(body.access_token).toBeUndefined();
  });

  it("gives the client access_denied when the person denies consent, and no tokens", async () => {
    const { oauth, transport, response } = await authorize({ decision: "deny" });
    expect(response.get("error")).toBe("access_denied");
    expect(response.get("code")).toBeNull();
    const refused = await transport.finishAuth(response).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuthError);
    expect((refused as OAuthError).code).toBe("access_denied");
    expect(oauth.stored).toBeUndefined();
  });

  it("refuses the next tools/call with 401 and a Bearer challenge once the grant is revoked", async () => {
    const { oauth, client } = await connected();
    await callOne(client);
    const { access_token, refresh_token } = oauth.stored!;
    // RFC 7009 at the token endpoint, as the client itself revokes: a refresh token revokes its whole grant.
    const revoked = await fetch(`${stack.worker.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refresh_token!, token_type_hint: "refresh_token", client_id: oauth.registration!.client_id }),
    });
    expect(revoked.status).toBe(200);
    const call = await fetch(stack.mcpUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: {} } }),
    });
    expect(call.status).toBe(401);
    expect(call.headers.get("www-authenticate")).toMatch(/^Bearer .*resource_metadata="[^"]+"/);
    // The SDK's own next call: its access token is refused, and so is its refresh token.
    const refused = await callOne(client).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuthError);
    expect((refused as OAuthError).code).toBe("invalid_grant");
    await client.close().catch(() => undefined);
  });
});
