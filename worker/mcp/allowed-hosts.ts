// DNS-rebinding protection for /api/v1/mcp: the Host (and Origin, when a browser sends one)
// must name this server. A rebinding page reaches a local server under its own hostname, so
// only loopback names and the configured public host (MCP_RESOURCE_URL) are accepted.
import { hostHeaderValidationResponse, localhostAllowedHostnames, originValidationResponse } from "@modelcontextprotocol/server";
import type { Config } from "../config";

export function allowedHostnames(config: Config): string[] {
  const hosts = localhostAllowedHostnames();
  if (config.MCP_RESOURCE_URL) hosts.push(new URL(config.MCP_RESOURCE_URL).hostname);
  return hosts;
}

/** A 403 JSON-RPC response when the request names another host, else undefined. */
export function hostRejection(request: Request, config: Config): Response | undefined {
  const hosts = allowedHostnames(config);
  return hostHeaderValidationResponse(request, hosts) ?? originValidationResponse(request, hosts);
}
