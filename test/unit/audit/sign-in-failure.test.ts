// A failed sign-in is one sign_in_failure event, delivered through the real queue: its reason
// class, the route, the client's User-Agent, principal null, and nothing of the token (not the
// token, its parts, its digest, nor the subject it claims).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { sha256Hex } from "../../../worker/digest";
import { queueDrains } from "../../support/audit-queue";
import { arrived, storedEvents } from "./stored-events";

const AUDIENCE = "https://seizu.test/api";
const provider = `${env.RECEIVER_URL}/k/sign-in-failures/oidc`;
const vars = { DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: provider, OIDC_AUDIENCE: AUDIENCE };
const app = createApp();

let signingKey: CryptoKey;
let forgersKey: CryptoKey;

beforeAll(async () => {
  const published = await generateKeyPair("RS256", { extractable: true });
  signingKey = published.privateKey;
  forgersKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  await fetch(`${provider}/keys`, { method: "POST", body: JSON.stringify({ keys: [jwk] }) });
});

function token(key: CryptoKey, claims: { exp?: number; aud?: string } = {}) {
  return new SignJWT({ roles: ["seizu-admin"] })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(provider)
    .setSubject("mallory")
    .setAudience(claims.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
    .sign(key);
}

/** Sends the request as `client` (its User-Agent, which finds its event again) and answers the status. */
async function call(path: string, authorization: string | undefined, client: string): Promise<number> {
  const headers: Record<string, string> = { "user-agent": client, ...(authorization ? { authorization } : {}) };
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://seizu.test${path}`, { headers }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response.status;
}

const eventOf = async (client: string) => (await arrived(1, "user_agent = ?", client))[0];

/** Whether anything of the token is in the stored row: the token, any of its three parts, its digest. */
async function leaks(row: Record<string, unknown>, jwt: string): Promise<string[]> {
  const stored = JSON.stringify(row);
  const pieces = [jwt, ...jwt.split("."), await sha256Hex(jwt), "mallory"];
  return pieces.filter((piece) => piece !== "" && stored.includes(piece));
}

describe("a failed sign-in", () => {
  it("is recorded as expired_token for an expired token, with principal null and nothing of the token", async () => {
    const jwt = await token(signingKey, { exp: Math.floor(Date.now() / 1000) - 3600 });
    expect(await call("/api/v1/toolsets", `Bearer ${jwt}`, "expired-client")).toBe(401);
    const event = await eventOf("expired-client");
    expect(event).toMatchObject({
      kind: "sign_in_failure",
      action: "expired_token",
      outcome: "unauthenticated",
      via: "rest",
      principal_subject: null,
      principal_name: null,
      principal_roles: null,
      target: "GET /api/v1/toolsets",
      detail: "{}",
    });
    expect(await leaks(event!, jwt)).toEqual([]);
  });

  it("is recorded as bad_signature for a token a forger signed under the provider's key id, without the token", async () => {
    const jwt = await token(forgersKey);
    expect(await call("/api/v1/toolsets", `Bearer ${jwt}`, "forger-client")).toBe(401);
    const event = await eventOf("forger-client");
    expect(event).toMatchObject({ kind: "sign_in_failure", action: "bad_signature", principal_subject: null });
    expect(await leaks(event!, jwt)).toEqual([]);
  });

  it("is recorded as bad_algorithm for an unsigned token (alg none)", async () => {
    const unsigned = `${btoa(JSON.stringify({ alg: "none", kid: "k1" })).replaceAll("=", "")}.${btoa(JSON.stringify({ sub: "mallory" })).replaceAll("=", "")}.`;
    expect(await call("/api/v1/toolsets", `Bearer ${unsigned}`, "unsigned-client")).toBe(401);
    const event = await eventOf("unsigned-client");
    expect(event).toMatchObject({ action: "bad_algorithm", principal_subject: null });
    expect(await leaks(event!, unsigned)).toEqual([]);
  });

  it("is recorded as wrong_audience for a token issued for another service", async () => {
    const jwt = await token(signingKey, { aud: "https://another.example/api" });
    expect(await call("/api/v1/toolsets", `Bearer ${jwt}`, "other-audience-client")).toBe(401);
    expect(await eventOf("other-audience-client")).toMatchObject({ action: "wrong_audience", principal_subject: null });
  });

  it("is recorded as malformed for a Bearer value that is not a JWT", async () => {
    expect(await call("/api/v1/toolsets", "Bearer not-a-jwt", "malformed-client")).toBe(401);
    const event = await eventOf("malformed-client");
    expect(event).toMatchObject({ action: "malformed", principal_subject: null });
    expect(event!.detail).not.toContain("not-a-jwt");
  });

  it("through the MCP endpoint is recorded via mcp", async () => {
    const jwt = await token(signingKey, { exp: Math.floor(Date.now() / 1000) - 3600 });
    expect(await call("/api/v1/mcp", `Bearer ${jwt}`, "mcp-client")).toBe(401);
    expect(await eventOf("mcp-client")).toMatchObject({ action: "expired_token", via: "mcp", target: "GET /api/v1/mcp" });
  });

  it("is not recorded for a request that sends no token (how every client starts, before it signs in)", async () => {
    expect(await call("/api/v1/toolsets", undefined, "anonymous-client")).toBe(401);
    await queueDrains();
    expect(await storedEvents("user_agent = ?", "anonymous-client")).toEqual([]);
  });

  it("is not recorded for a valid token", async () => {
    expect(await call("/api/v1/toolsets", `Bearer ${await token(signingKey)}`, "valid-client")).toBe(200);
    await queueDrains();
    expect(await storedEvents("kind = 'sign_in_failure' AND user_agent = ?", "valid-client")).toEqual([]);
  });
});
