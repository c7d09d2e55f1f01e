// What an agent's tools/list costs at an endpoint URL, measured by asking the endpoint itself as
// an MCP client would (JSON-RPC over Streamable HTTP, revision 2026-07-28: one stateless POST per
// page of the list, no session), with the signed-in person's token, so the tools counted are
// the ones this person's agent would see.
import { readToken } from "../../auth/token-store";

const PROTOCOL_VERSION = "2026-07-28";

export interface ToolsListCost {
  tools: number;
  /** UTF-8 bytes of the tool definitions as JSON: what the agent's context takes in. */
  bytes: number;
}

interface JsonRpcReply {
  result?: { tools: unknown[]; nextCursor?: string };
  error?: { code: number; message: string };
}

async function listPage(url: string, cursor: string | undefined, signal: AbortSignal): Promise<{ tools: unknown[]; nextCursor?: string }> {
  const token = readToken(sessionStorage);
  const response = await fetch(url, {
    method: "POST",
    signal,
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": PROTOCOL_VERSION,
      "mcp-method": "tools/list",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: {
        ...(cursor ? { cursor } : {}),
        _meta: { "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION, "io.modelcontextprotocol/clientCapabilities": {} },
      },
    }),
  });
  const reply = (await response.json().catch(() => ({}))) as JsonRpcReply;
  if (reply.error) throw new Error(reply.error.message);
  if (!response.ok || !reply.result) throw new Error(`The MCP endpoint answered ${response.status} ${response.statusText}`);
  return reply.result;
}

export async function measureToolsList(url: string, signal: AbortSignal): Promise<ToolsListCost> {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await listPage(url, cursor, signal);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return { tools: tools.length, bytes: new TextEncoder().encode(JSON.stringify(tools)).length };
}
