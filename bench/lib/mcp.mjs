// The MCP requests of the benchmark, sent with plain fetch so every server is driven the same
// way and nothing but the server is measured.
import { RATE_LIMIT_HINT } from "./rest.mjs";

/** Sends a request and reads its whole answer; any failure stops the benchmark. */
export async function exchange(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok || text.includes('"isError":true') || /^(data: )?\{"(jsonrpc":"2.0","id":[^,]*,")?error"/m.test(text)) {
    const hint = text.includes("rate_limited") ? RATE_LIMIT_HINT : "";
    throw new Error(`bench request to ${url} failed: ${response.status} ${text.slice(0, 300)}${hint}`);
  }
  return text;
}

const MODERN = "2026-07-28";

/** Seizu Edge: the stateless 2026-07-28 revision, one request per call, no session; `headers` beside the protocol's. */
export function seizuRequest(base, method, params, headers = {}) {
  return exchange(`${base}/api/v1/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      // Neo4j never compresses its answers; keep the Worker legs uncompressed too, like for like.
      "accept-encoding": "identity",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(params.name ? { "mcp-name": params.name } : {}),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} } },
    }),
  });
}

export const seizuCall = (base, name, args, headers) => seizuRequest(base, "tools/call", { name, arguments: args }, headers);

/**
 * A peer on the 2025-06-18 Streamable HTTP revision: initialize once (keeping the session id
 * it hands out), then each call is one POST, as a long-lived client would send it.
 */
export async function legacySession(url, headers = {}) {
  const base = { "content-type": "application/json", accept: "application/json, text/event-stream", "accept-encoding": "identity", ...headers };
  const init = await fetch(url, {
    method: "POST",
    headers: base,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "seizu-bench", version: "1" } },
    }),
  });
  await init.text();
  if (!init.ok) throw new Error(`initialize at ${url} failed: ${init.status}`);
  const session = init.headers.get("mcp-session-id");
  const sessionHeaders = { ...base, "mcp-protocol-version": "2025-06-18", ...(session ? { "mcp-session-id": session } : {}) };
  await exchange(url, { method: "POST", headers: sessionHeaders, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) }).catch(
    () => undefined,
  );
  let id = 1;
  return {
    call: (name, args) =>
      exchange(url, {
        method: "POST",
        headers: sessionHeaders,
        body: JSON.stringify({ jsonrpc: "2.0", id: id++, method: "tools/call", params: { name, arguments: args } }),
      }),
  };
}
