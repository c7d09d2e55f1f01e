// The public URL of this deployment (MCP_RESOURCE_URL, else the request's origin) and the
// OAuth discovery documents derived from it.
import { BoundedCache } from "../cache/bounded-cache";
import type { Config } from "../config";

export const MCP_PATH = "/api/v1/mcp";

/** Origins by the URL text before its path: a Worker is reached at a few, and parsing a URL costs every request. */
const origins = new BoundedCache<string>({ maxCharacters: 10_000 });

function originOf(url: string): string {
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const authority = pathStart < 0 ? url : url.slice(0, pathStart);
  let origin = origins.get(authority);
  if (origin === undefined) {
    origin = new URL(authority).origin;
    origins.set(authority, origin);
  }
  return origin;
}

export function publicBase(config: Config, request: Request): string {
  return originOf(config.MCP_RESOURCE_URL ?? request.url);
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
