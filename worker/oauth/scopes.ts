// The scopes an MCP client may be granted by the edge authorization server. "mcp" is everything
// the person's roles allow; "mcp:read" only the read-only tools, as ?access=read_only narrows them.
export const MCP_SCOPE = "mcp";
export const MCP_READ_SCOPE = "mcp:read";

/** Every scope the authorization server can grant (RFC 8414 scopes_supported). */
export const SCOPES_SUPPORTED = [MCP_SCOPE, MCP_READ_SCOPE];

export type GrantAccess = "full" | "read_only";

/** What a grant's scopes allow: "mcp" anywhere among them is full access, anything else read-only. */
export function accessOf(scopes: readonly string[]): GrantAccess {
  return scopes.includes(MCP_SCOPE) ? "full" : "read_only";
}
