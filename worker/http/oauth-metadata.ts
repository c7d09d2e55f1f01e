// OAuth discovery for MCP clients. RFC 9728 protected resource metadata names the
// authorization server: the OpenID provider itself, or this server's own metadata when
// MCP_OAUTH_AUTHORIZATION_ENDPOINT / MCP_OAUTH_TOKEN_ENDPOINT override its endpoints. The
// authorization server metadata (RFC 8414) is served under the MCP endpoint, where clients of
// the 2025 revisions look for it, and at the RFC 8414 path-inserted location.
//
// With MCP_AUTHORIZATION_SERVER=edge the Worker is the authorization server: the resource
// metadata names it first (and the provider second while OIDC_AUDIENCE is set, whose tokens are
// still taken), and both metadata locations answer the edge's own document.
import { Hono, type Context } from "hono";
import type { AppEnv } from "./app-env";
import { oidcMetadata, type OidcMetadata } from "../auth/oidc";
import { MCP_PATH, publicBase } from "../auth/public-url";
import { loadConfig, type Config } from "../config";
import { edgeAuthorizationServer, edgeEnabled } from "../oauth/authorization-server";
import { MCP_SCOPE } from "../oauth/scopes";

const RESOURCE_NAME = "Seizu Edge";

function overridesEndpoints(config: Config): boolean {
  return Boolean(config.MCP_OAUTH_AUTHORIZATION_ENDPOINT || config.MCP_OAUTH_TOKEN_ENDPOINT);
}

/** RFC 8414 metadata: the provider's own, or ours over it, which has no keys of its own to publish. */
type ServerMetadata = Omit<OidcMetadata, "jwks_uri"> & { jwks_uri?: string };

async function authorizationServer(c: Context<AppEnv>): Promise<ServerMetadata | undefined> {
  const config = loadConfig(c.env);
  const discovered = config.OIDC_AUTHORITY ? await oidcMetadata(config.OIDC_AUTHORITY) : undefined;
  if (!overridesEndpoints(config)) return discovered;
  return {
    ...discovered,
    issuer: `${publicBase(config, c.req.raw)}${MCP_PATH}`,
    // Omitted, not empty, when there is no provider to take it from: RFC 8414 wants a URL.
    ...(discovered?.jwks_uri ? { jwks_uri: discovered.jwks_uri } : {}),
    authorization_endpoint: config.MCP_OAUTH_AUTHORIZATION_ENDPOINT ?? discovered?.authorization_endpoint,
    token_endpoint: config.MCP_OAUTH_TOKEN_ENDPOINT ?? discovered?.token_endpoint,
    response_types_supported: discovered?.response_types_supported ?? ["code"],
    code_challenge_methods_supported: discovered?.code_challenge_methods_supported ?? ["S256"],
  };
}

const notConfigured = (c: Context<AppEnv>) =>
  c.json(
    { error: { code: "not_found", message: "OAuth is not configured: set OIDC_AUTHORITY (or MCP_OAUTH_AUTHORIZATION_ENDPOINT and MCP_OAUTH_TOKEN_ENDPOINT)" } },
    404,
  );

async function protectedResource(c: Context<AppEnv>, path: string) {
  const config = loadConfig(c.env);
  // The REST API (path "") takes provider tokens only: edge tokens are for the MCP endpoint.
  if (edgeEnabled(config) && path === MCP_PATH) return edgeProtectedResource(c, config, path);
  const server = await authorizationServer(c);
  if (!server) return notConfigured(c);
  const base = publicBase(loadConfig(c.env), c.req.raw);
  return c.json({
    resource: `${base}${path}`,
    authorization_servers: [server.issuer],
    bearer_methods_supported: ["header"],
    ...(server.scopes_supported ? { scopes_supported: server.scopes_supported } : {}),
    resource_name: RESOURCE_NAME,
  });
}

/** What a client asks for first is "mcp"; the consent page lets the person narrow it to mcp:read. */
async function edgeProtectedResource(c: Context<AppEnv>, config: Config, path: string) {
  const base = publicBase(config, c.req.raw);
  const provider = config.OIDC_AUTHORITY && config.OIDC_AUDIENCE ? (await authorizationServer(c))?.issuer : undefined;
  return c.json({
    resource: `${base}${path}`,
    authorization_servers: provider ? [base, provider] : [base],
    bearer_methods_supported: ["header"],
    scopes_supported: [MCP_SCOPE],
    resource_name: RESOURCE_NAME,
  });
}

async function serverMetadata(c: Context<AppEnv>) {
  const config = loadConfig(c.env);
  if (edgeEnabled(config)) {
    const base = publicBase(config, c.req.raw);
    const request = new Request(`${base}/.well-known/oauth-authorization-server`, { headers: c.req.raw.headers });
    return edgeAuthorizationServer(config, base).fetch(request, c.env, c.executionCtx as ExecutionContext);
  }
  const server = await authorizationServer(c);
  return server ? c.json(server) : notConfigured(c);
}

export const oauthMetadata = new Hono<AppEnv>()
  .get("/.well-known/oauth-protected-resource", (c) => protectedResource(c, ""))
  .get(`/.well-known/oauth-protected-resource${MCP_PATH}`, (c) => protectedResource(c, MCP_PATH))
  .get(`${MCP_PATH}/.well-known/oauth-authorization-server`, serverMetadata)
  .get(`/.well-known/oauth-authorization-server${MCP_PATH}`, serverMetadata);
