// Raw tools/call requests on the 2026-07-28 wire from Node, for continuations a well-behaved
// client would never send (forged state, races, claims without approval).
export interface RawCall {
  name: string;
  arguments: Record<string, unknown>;
  inputResponses?: Record<string, unknown>;
  requestState?: string;
}

export async function rawToolCall(
  url: string,
  token: string | undefined,
  call: RawCall,
  capabilities: Record<string, unknown> = { elicitation: { form: {}, url: {} } },
) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": call.name,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: crypto.randomUUID(),
      method: "tools/call",
      params: { ...call, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": capabilities } },
    }),
  });
  return (await response.json()) as { result?: any; error?: { code: number; message: string } };
}
