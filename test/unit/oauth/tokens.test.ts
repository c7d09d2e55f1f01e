// Seizu's own tokens at the MCP endpoint: refresh tokens rotate, and an expired, revoked or
// unknown access token is a 401 with the Bearer challenge that sends the client to sign in again.
// Edge tokens are for the MCP endpoint only; provider tokens still work beside them.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { edgeAuthorizationServer } from "../../../worker/oauth/authorization-server";
import { loadConfig } from "../../../worker/config";
import { edgePrincipal } from "../../../worker/oauth/edge-token";
import { BASE, callWorker, connect, edgeEnv, exchangeCode, mcpCall, refreshRequest, type Tokens } from "../../support/edge-oauth";

const workerEnv = edgeEnv();

async function signedIn(options: { login?: string; scope?: string } = {}) {
  const connection = await connect(workerEnv, options);
  return { clientId: connection.clientId, tokens: await exchangeCode(workerEnv, connection) };
}

const refresh = (clientId: string, refreshToken: string) => refreshRequest(workerEnv, clientId, refreshToken);

async function whoami(token: string) {
  return mcpCall(workerEnv, token, "tools/call", { name: "roles__me", arguments: {} });
}

function expectChallenge(response: Response) {
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toMatch(
    new RegExp(`^Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource/api/v1/mcp", error="invalid_token"`),
  );
}

afterEach(() => vi.useRealTimers());

describe("refresh tokens", () => {
  it("rotate: a refresh gives a new access token that works, and a new refresh token", async () => {
    const { clientId, tokens } = await signedIn();
    const response = await refresh(clientId, tokens.refresh_token);
    expect(response.status).toBe(200);
    const next = (await response.json()) as Tokens;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await whoami(next.access_token)).status).toBe(200);
  });

  it("refuse the old refresh token once its successor has been used", async () => {
    const { clientId, tokens } = await signedIn();
    const second = (await (await refresh(clientId, tokens.refresh_token)).json()) as Tokens;
    expect((await refresh(clientId, second.refresh_token)).status).toBe(200);
    const replayed = await refresh(clientId, tokens.refresh_token);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("belong to the client they were issued to", async () => {
    const { tokens } = await signedIn();
    const other = await connect(workerEnv);
    expect((await refresh(other.clientId, tokens.refresh_token)).status).toBe(400);
  });

  it("keep the grant's session: the caller is the same person with the same token digest after a refresh", async () => {
    const { clientId, tokens } = await signedIn({ login: "bob", scope: "mcp:read" });
    const next = (await (await refresh(clientId, tokens.refresh_token)).json()) as Tokens;
    const config = loadConfig(workerEnv);
    const [first, second] = await Promise.all([tokens, next].map((issued) => edgePrincipal(issued.access_token, config, BASE, workerEnv, workerEnv.DB)));
    expect(first?.tokenDigest).toBe(second?.tokenDigest);
    expect(first?.tokenDigest).not.toBe(tokens.access_token);
    expect(second).toMatchObject({
      subject: "bob",
      roles: ["seizu-viewer"],
      grant: { clientId, access: "read_only" },
      profile: { email: "bob@example.test", display_name: "Bob Example" },
    });
  });
});

describe("accepted access tokens", () => {
  it("are unwrapped once per isolate: later calls read the token's record but decrypt nothing", async () => {
    const { tokens } = await signedIn();
    expect((await whoami(tokens.access_token)).status).toBe(200);
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    const read = vi.spyOn(workerEnv.OAUTH_KV, "get");
    try {
      expect((await whoami(tokens.access_token)).status).toBe(200);
      expect(decrypt).not.toHaveBeenCalled();
      expect(read.mock.calls.filter(([key]) => String(key).startsWith("token:"))).toHaveLength(1);
    } finally {
      decrypt.mockRestore();
      read.mockRestore();
    }
  });
});

describe("refused access tokens", () => {
  it("an expired one is a 401 with the Bearer challenge", async () => {
    const { tokens } = await signedIn();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (tokens.expires_in + 1) * 1000);
    expectChallenge(await whoami(tokens.access_token));
  });

  it("an expired one is a 401 even after this isolate accepted it", async () => {
    const { tokens } = await signedIn();
    expect((await whoami(tokens.access_token)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (tokens.expires_in + 1) * 1000);
    expectChallenge(await whoami(tokens.access_token));
  });

  it("one whose grant was revoked is a 401 on the next request", async () => {
    const { tokens } = await signedIn();
    expect((await whoami(tokens.access_token)).status).toBe(200);
    const [userId, grantId] = tokens.access_token.split(":");
    await edgeAuthorizationServer(loadConfig(workerEnv), BASE)
      .getOAuthApi(workerEnv)
      .revokeGrant(grantId ?? "", userId ?? "");
    expectChallenge(await whoami(tokens.access_token));
  });

  it("one the client revoked itself (RFC 7009) is a 401", async () => {
    const { clientId, tokens } = await signedIn();
    expect((await whoami(tokens.access_token)).status).toBe(200);
    const revoked = await callWorker(
      new Request(`${BASE}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: tokens.access_token, token_type_hint: "access_token", client_id: clientId }),
      }),
      workerEnv,
    );
    expect(revoked.status).toBe(200);
    expectChallenge(await whoami(tokens.access_token));
  });

  it("one that was never issued is a 401", async () => {
    expectChallenge(await whoami("ada:AAAAAAAAAAAAAAAA:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"));
  });

  it("a valid one is refused on the REST API: its audience is the MCP endpoint", async () => {
    const { tokens } = await signedIn();
    const response = await callWorker(new Request(`${BASE}/api/v1/toolsets`, { headers: { authorization: `Bearer ${tokens.access_token}` } }), workerEnv);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("MCP endpoint");
  });
});

describe("provider tokens beside edge tokens", () => {
  it("still call tools at the MCP endpoint", async () => {
    const response = await fetch(`${env.TEST_OIDC_ISSUER}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa("seizu-service:seizu-service-secret")}` },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: "api", resource: "https://seizu.test/api" }),
    });
    const { access_token } = (await response.json()) as { access_token: string };
    const call = await whoami(access_token);
    expect(call.status).toBe(200);
    const { result } = (await call.json()) as { result: { structuredContent: { subject: string } } };
    expect(result.structuredContent.subject).toBe("seizu-service");
  });
});
