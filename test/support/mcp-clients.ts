// Real MCP clients for end-to-end tests: the v2 client speaking revision 2026-07-28, and the
// v1 SDK client speaking a 2025 revision.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export async function connectV2(url: string, options: { headers?: Record<string, string>; capabilities?: Record<string, unknown> } = {}) {
  const client = new ClientV2(
    { name: "seizu-e2e-v2", version: "1.0.0" },
    { capabilities: options.capabilities ?? {}, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new TransportV2(new URL(url), { requestInit: { headers: options.headers ?? {} } }));
  return client;
}

/**
 * The v1 client always offers 2025-11-25 in initialize; for an older revision the request is
 * rewritten on the way out, and the server's echo makes the client use it from then on.
 */
export function pinProtocolVersion(version: string): typeof fetch {
  return async (input, init) => {
    if (typeof init?.body === "string" && init.body.includes('"initialize"')) {
      const message = JSON.parse(init.body);
      if (message.method === "initialize") {
        message.params.protocolVersion = version;
        init = { ...init, body: JSON.stringify(message) };
      }
    }
    return fetch(input, init);
  };
}

export async function connectV1(
  url: string,
  version: "2025-11-25" | "2025-06-18" | "2025-03-26" | "2024-11-05",
  options: { headers?: Record<string, string> } = {},
) {
  const client = new ClientV1({ name: "seizu-e2e-v1", version: "1.0.0" }, { capabilities: {} });
  const transport = new TransportV1(new URL(url), { requestInit: { headers: options.headers ?? {} }, fetch: pinProtocolVersion(version) });
  await client.connect(transport);
  return { client, transport };
}
