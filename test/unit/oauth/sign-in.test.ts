// The whole edge flow with a real OpenID provider: a client registers itself, the person approves
// it on the consent page and signs in at the organisation's provider, the client exchanges the
// code for Seizu's own token and calls tools as that person, with that person's roles.
import { describe, expect, it } from "vitest";
import { BASE, connect, edgeEnv, exchangeCode, mcpCall, REDIRECT, RESOURCE } from "../../support/edge-oauth";

const workerEnv = edgeEnv();

describe("connecting a client through the edge authorization server", () => {
  it("sends the browser back to the client's redirect URI with a code, its state and the issuer", async () => {
    const { redirect } = await connect(workerEnv);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("code")).toBeTruthy();
    expect(redirect.searchParams.get("state")).toBe("client-state");
    expect(redirect.searchParams.get("iss")).toBe(BASE);
  });

  it("exchanges the code for a short-lived access token bound to the MCP resource, with a refresh token", async () => {
    const tokens = await exchangeCode(workerEnv, await connect(workerEnv));
    expect(tokens).toMatchObject({ token_type: "bearer", scope: "mcp", expires_in: 900, refresh_token: expect.any(String) });
    expect((tokens as unknown as { resource?: string }).resource ?? RESOURCE).toBe(RESOURCE);
  });

  it("calls a tool as the person who signed in, with their roles", async () => {
    const tokens = await exchangeCode(workerEnv, await connect(workerEnv, { login: "ada" }));
    const response = await mcpCall(workerEnv, tokens.access_token, "tools/call", { name: "roles__me", arguments: {} });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { structuredContent: { subject: string; roles: string[] } } };
    expect(result.structuredContent).toMatchObject({ subject: "ada", roles: ["seizu-admin"] });
  });

  it("calls a tool as a person whose subject contains ':' (a URN), as a provider token would", async () => {
    const tokens = await exchangeCode(workerEnv, await connect(workerEnv, { login: "urn:example:ada%20lovelace" }));
    const response = await mcpCall(workerEnv, tokens.access_token, "tools/call", { name: "roles__me", arguments: {} });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { structuredContent: { subject: string } } };
    expect(result.structuredContent.subject).toBe("urn:example:ada%20lovelace");
  });
});
