// Discovery with the edge authorization server on: a client that knows only the MCP endpoint's
// URL finds this Worker as its authorization server (and the provider beside it, whose tokens
// are still taken), and the Worker's own RFC 8414 metadata at every location clients look.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, callWorker, edgeEnv, RESOURCE } from "../../support/edge-oauth";

const workerEnv = edgeEnv();

async function getJson(path: string, vars = workerEnv) {
  const response = await callWorker(new Request(`${BASE}${path}`), vars);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("discovery with MCP_AUTHORIZATION_SERVER=edge", () => {
  it("names the edge issuer first and the provider second in the MCP endpoint's resource metadata, asking for scope mcp", async () => {
    const { status, body } = await getJson("/.well-known/oauth-protected-resource/api/v1/mcp");
    expect(status).toBe(200);
    expect(body).toMatchObject({ resource: RESOURCE, authorization_servers: [BASE, env.TEST_OIDC_ISSUER], scopes_supported: ["mcp"] });
  });

  it("names the edge issuer alone while no provider audience is set", async () => {
    const { body } = await getJson("/.well-known/oauth-protected-resource/api/v1/mcp", edgeEnv({ OIDC_AUDIENCE: "" }));
    expect(body.authorization_servers).toEqual([BASE]);
  });

  it.each([
    "/.well-known/oauth-authorization-server",
    "/.well-known/oauth-authorization-server/api/v1/mcp",
    "/api/v1/mcp/.well-known/oauth-authorization-server",
  ])("answers the edge's own authorization server metadata at %s", async (path) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      issuer: BASE,
      authorization_endpoint: `${BASE}/oauth/authorize`,
      token_endpoint: `${BASE}/oauth/token`,
      registration_endpoint: `${BASE}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["mcp", "mcp:read"],
      client_id_metadata_document_supported: true,
    });
  });

  it("keeps the REST API's resource metadata on the provider: edge tokens are for the MCP endpoint only", async () => {
    const { body } = await getJson("/.well-known/oauth-protected-resource");
    expect(body.authorization_servers).toEqual([env.TEST_OIDC_ISSUER]);
  });
});

describe("with the edge authorization server off", () => {
  const providerOnly = edgeEnv({ MCP_AUTHORIZATION_SERVER: "provider" });

  it.each(["/oauth/authorize", "/oauth/token", "/oauth/register", "/.well-known/oauth-authorization-server"])(
    "answers %s with 404 naming the setting",
    async (path) => {
      const { status, body } = await getJson(path, providerOnly);
      expect(status).toBe(404);
      expect(body.error.message).toContain("MCP_AUTHORIZATION_SERVER=edge");
    },
  );

  it("advertises the provider as before", async () => {
    const { body } = await getJson("/.well-known/oauth-protected-resource/api/v1/mcp", providerOnly);
    expect(body.authorization_servers).toEqual([env.TEST_OIDC_ISSUER]);
  });
});
