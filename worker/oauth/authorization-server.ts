// The edge authorization server (MCP_AUTHORIZATION_SERVER=edge): @cloudflare/workers-oauth-provider's
// authorization-server role for this deployment's public base. It serves discovery, token,
// registration and revocation itself; /oauth/authorize and /oauth/callback are ours
// (http/oauth-edge.ts). One instance per isolate and settings: it holds no per-request state.
import { OAuthAuthorizationServer } from "@cloudflare/workers-oauth-provider";
import { MCP_PATH } from "../auth/public-url";
import type { Config } from "../config";
import type { Env } from "../env";
import { AUTHORIZE_PATH, REGISTER_PATH, TOKEN_PATH } from "./paths";
import { SCOPES_SUPPORTED } from "./scopes";
import { refreshFromProvider } from "./refresh";

export function edgeEnabled(config: Config): boolean {
  return config.MCP_AUTHORIZATION_SERVER === "edge";
}

/** The one resource edge tokens are for: the MCP endpoint. */
export function mcpResource(base: string): string {
  return `${base}${MCP_PATH}`;
}

const servers = new Map<string, OAuthAuthorizationServer<Env>>();

export function edgeAuthorizationServer(config: Config, base: string): OAuthAuthorizationServer<Env> {
  const key = `${base} ${config.MCP_EDGE_ACCESS_TOKEN_SECONDS} ${config.MCP_EDGE_GRANT_SECONDS}`;
  let server = servers.get(key);
  if (!server) {
    server = new OAuthAuthorizationServer<Env>({
      issuer: base,
      resources: [mcpResource(base)],
      authorizeEndpoint: AUTHORIZE_PATH,
      tokenEndpoint: TOKEN_PATH,
      clientRegistrationEndpoint: REGISTER_PATH,
      scopesSupported: SCOPES_SUPPORTED,
      clientIdMetadataDocumentEnabled: true,
      accessTokenTTL: config.MCP_EDGE_ACCESS_TOKEN_SECONDS,
      refreshTokenTTL: config.MCP_EDGE_GRANT_SECONDS,
      tokenExchangeCallback: refreshFromProvider,
    });
    servers.set(key, server);
  }
  return server;
}
