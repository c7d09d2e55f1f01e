// The edge authorization server's scopes: "mcp" is everything the person's roles allow,
// "mcp:read" the read-only tools alone.
export const MCP_SCOPE = "mcp";
export const MCP_READ_SCOPE = "mcp:read";

/** What a grant's scopes allow on the MCP endpoint. */
export const accessOf = (scopes: string[]): "full" | "read_only" => (scopes.includes(MCP_SCOPE) ? "full" : "read_only");
