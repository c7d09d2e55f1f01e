// The edge authorization server (MCP_AUTHORIZATION_SERVER=edge): the library's
// OAuthAuthorizationServer for this deployment's public base, built once per isolate for each
// base and settings.
import { OAuthAuthorizationServer } from "@cloudflare/workers-oauth-provider";
import type { Config } from "../config";
import type { Env } from "../env";
import { MCP_PATH } from "../auth/public-url";
import { MCP_READ_SCOPE, MCP_SCOPE } from "./scopes";

export const edgeEnabled = (config: Config) => config.MCP_AUTHORIZATION_SERVER === "edge";

const servers = new Map<string, OAuthAuthorizationServer<Env>>();

export function edgeAuthorizationServer(config: Config, base: string): OAuthAuthorizationServer<Env> {
  const key = JSON.stringify([base, config.MCP_EDGE_ACCESS_TOKEN_SECONDS, config.MCP_EDGE_GRANT_SECONDS]);
  let server = servers.get(key);
  if (!server) {
    server = new OAuthAuthorizationServer<Env>({
      issuer: base,
      resources: [`${base}${MCP_PATH}`],
      authorizeEndpoint: "/oauth/authorize",
      tokenEndpoint: "/oauth/token",
      clientRegistrationEndpoint: "/oauth/register",
      clientIdMetadataDocumentEnabled: true,
      scopesSupported: [MCP_SCOPE, MCP_READ_SCOPE],
      accessTokenTTL: config.MCP_EDGE_ACCESS_TOKEN_SECONDS,
      refreshTokenTTL: config.MCP_EDGE_GRANT_SECONDS,
    });
    servers.set(key, server);
  }
  return server;
}
