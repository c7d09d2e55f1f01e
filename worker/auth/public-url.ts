// The public URL of this deployment (MCP_RESOURCE_URL, else the request's origin) and the
// OAuth discovery documents derived from it.
import type { Config } from "../config";

export const MCP_PATH = "/api/v1/mcp";

export function publicBase(config: Config, request: Request): string {
  return config.MCP_RESOURCE_URL ? new URL(config.MCP_RESOURCE_URL).origin : new URL(request.url).origin;
}

/** RFC 9728 metadata URL of a protected resource path: /.well-known/oauth-protected-resource{path}. */
export function resourceMetadataUrl(base: string, path: string): string {
  return `${base}/.well-known/oauth-protected-resource${path === "/" ? "" : path}`;
}

/** The metadata URL a 401 on `pathname` points to: the MCP endpoint's own, or the API's. */
export function challengeMetadataUrl(config: Config, request: Request): string {
  const { pathname } = new URL(request.url);
  return resourceMetadataUrl(publicBase(config, request), pathname.startsWith(MCP_PATH) ? MCP_PATH : "");
}
