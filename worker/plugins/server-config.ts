// What a package carries to configure MCP servers: mcp.json (and .mcp.json, as Claude Code
// spells it) and plugin.json's mcpServers. Such configuration often holds credentials (tokens
// in headers, environment variables), so only callers who may change plugins see it; the
// others see the plugin and its skills without it, and cannot download a package holding it.
import type { Permission } from "../auth/permissions";
import type { Manifest } from "./schemas";
import type { PackageFile } from "./package";

export const SERVER_CONFIG_PERMISSION: Permission = "plugins:write";
const FILES = new Set(["mcp.json", ".mcp.json"]);
const MANIFEST_KEY = "mcpServers";

export const mayReadServerConfig = (permissions: ReadonlySet<Permission>) => permissions.has(SERVER_CONFIG_PERMISSION);

export const isServerConfigFile = (file: PackageFile) => FILES.has(file.path);

export function withoutServerConfig(manifest: Manifest): Manifest {
  const { [MANIFEST_KEY]: _, ...rest } = manifest;
  return rest as Manifest;
}

/** Whether a revision's package holds server configuration anywhere. */
export function carriesServerConfig(revision: { manifest: Manifest; files: PackageFile[] }): boolean {
  return MANIFEST_KEY in revision.manifest || revision.files.some(isServerConfigFile);
}
