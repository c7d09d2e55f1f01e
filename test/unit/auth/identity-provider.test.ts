// When the identity provider cannot be reached, discovery and token checks answer 503 naming
// it: a 401 would tell MCP clients the caller's credentials are bad and send them to sign in.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";

/** Nothing listens on the discard port of loopback: the connection is refused at once. */
const UNREACHABLE = "http://127.0.0.1:9";
const down = { DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: UNREACHABLE, OIDC_AUDIENCE: "seizu" };

/** A well-formed RS256 JWT header with a key id; the provider is never reached to check the rest. */
const token = `${btoa(JSON.stringify({ alg: "RS256", kid: "k" })).replaceAll("=", "")}.e30.c2ln`;

const app = createApp();

async function get(path: string, vars: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await app.fetch(new Request(`http://seizu.test${path}`, { headers }), { ...env, ...vars });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe("an unreachable identity provider", () => {
  it.each(["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/api/v1/mcp", "/api/v1/mcp/.well-known/oauth-authorization-server"])(
    "makes %s answer 503 naming the provider",
    async (path) => {
      const { status, body } = await get(path, down);
      expect(status, JSON.stringify(body)).toBe(503);
      expect(body.error).toMatchObject({ code: "identity_provider_unavailable", message: expect.stringContaining(`${UNREACHABLE} cannot be reached`) });
    },
  );

  it("makes a request with a token answer 503, not 401", async () => {
    const { status, body, headers } = await get("/api/v1/toolsets", down, { authorization: `Bearer ${token}` });
    expect(status).toBe(503);
    expect(body.error.code).toBe("identity_provider_unavailable");
    expect(headers.get("www-authenticate")).toBeNull();
  });
});

describe("explicit OAuth endpoints without a provider to discover", () => {
  it("omit jwks_uri instead of publishing an empty one", async () => {
    const vars = { MCP_OAUTH_AUTHORIZATION_ENDPOINT: "https://login.example/authorize", MCP_OAUTH_TOKEN_ENDPOINT: "https://login.example/token" };
    const { status, body } = await get("/api/v1/mcp/.well-known/oauth-authorization-server", vars);
    expect(status).toBe(200);
    expect(body).toMatchObject({ authorization_endpoint: "https://login.example/authorize", token_endpoint: "https://login.example/token" });
    expect(body).not.toHaveProperty("jwks_uri");
  });
});
