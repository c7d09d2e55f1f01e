// Raw MCP requests on the 2026-07-28 wire, for tests that look beneath the client libraries.
export function mcpRequest(method: string, params: Record<string, unknown> = {}, url = "http://127.0.0.1/api/v1/mcp"): Request {
  const name = typeof params.name === "string" ? params.name : undefined;
  return new Request(url, {
    method: "POST",
    headers: {
      host: new URL(url).host,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(name ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: {
        ...params,
        _meta: { ...(params._meta as object), "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
      },
    }),
  });
}
