// MCP requests on the raw 2026-07-28 wire to the Worker under test, through its real fetch
// handler (inside workerd). `vars` overrides settings for one request, as test/support/api.ts.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createApp } from "../../worker/app";
import { api } from "./api";
import { mcpRequest } from "./mcp-request";

export interface McpReply {
  result?: any;
  error?: { code: number; message: string };
}

const app = createApp();

export async function mcp(method: string, params: Record<string, unknown> = {}, vars: Record<string, string> = {}): Promise<McpReply> {
  const response = await app.fetch(mcpRequest(method, params), { ...env, ...vars });
  return (await response.json()) as McpReply;
}

/** A tools/call's result (undefined when the request failed as a JSON-RPC error). */
export const callTool = async (name: string, args: Record<string, unknown>, vars: Record<string, string> = {}) =>
  (await mcp("tools/call", { name, arguments: args }, vars)).result;

/** Calls a gated tool, approves the confirmation it asks for as the same caller, and calls it again. */
export async function approvedCall(name: string, args: Record<string, unknown>, vars: Record<string, string> = {}) {
  const asked = await callTool(name, args, vars);
  expect(asked.structuredContent, JSON.stringify(asked)).toMatchObject({ confirmation_required: true, confirmation: { tool: name } });
  expect((await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`)).status).toBe(200);
  return callTool(name, args, vars);
}

/** The names prompts/list answers. */
export const promptNames = async (): Promise<string[]> => (await mcp("prompts/list")).result.prompts.map((prompt: { name: string }) => prompt.name);

/** The official v2 SDK client (revision 2026-07-28) connected to the Worker under test through its fetch handler. */
export async function connectClient(query = "", vars: Record<string, string> = {}) {
  const client = new Client({ name: "seizu-unit", version: "1.0.0" }, { capabilities: {}, versionNegotiation: { mode: { pin: "2026-07-28" } } });
  const fetchApp = async (url: string | URL, init?: RequestInit) => app.fetch(new Request(url, init), { ...env, ...vars });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://seizu.test/api/v1/mcp${query}`), { fetch: fetchApp }));
  return client;
}
