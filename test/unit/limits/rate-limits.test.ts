// Per-caller rate limits with the Workers Rate Limiting binding as the vitest pool simulates it:
// budgets of 5 calls and 3 writes a minute here (vitest.config.ts), turned on per request with
// RATE_LIMITS_ENABLED (the rest of the suite runs without them). Without sign-in every request is
// the local admin, so the budget is kept per client: each test is a client of its own, named by
// the Authorization header it sends.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { createTool, createToolset, freshId } from "../../support/toolsets";

const CALLS = 5;
const WRITES = 3;
const LIMITED = { RATE_LIMITS_ENABLED: "true" };

let client: Record<string, string>;

/**
 * The simulator's windows are minutes of the wall clock: a test that began just before one ends
 * would see its budget renewed halfway. It starts in a fresh minute instead.
 */
async function startWithinOneWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resume) => setTimeout(resume, left + 100));
}

beforeEach(async () => {
  client = { authorization: `Bearer client-${crypto.randomUUID()}` };
  await startWithinOneWindow();
}, 30_000);

const validate = () => api("POST", "/graph/validate", { cypher: "RETURN 1 AS one" }, { vars: LIMITED, headers: client });
const createToolsetAs = (id: string) => api("POST", "/toolsets", { id, name: id }, { vars: LIMITED, headers: client });

async function mcpCall(name: string, args: Record<string, unknown>) {
  const request = mcpRequest("tools/call", { name, arguments: args });
  request.headers.set("authorization", client.authorization!);
  const response = await createApp().fetch(request, { ...env, ...LIMITED });
  return ((await response.json()) as { result: { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown> } }).result;
}

describe("REST: the calls budget (operations that run Cypher)", () => {
  it("answers 429 with Retry-After once a caller has spent it, naming the limit", async () => {
    for (let call = 0; call < CALLS; call += 1) expect((await validate()).status).toBe(200);
    const refused = await validate();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.body.error).toMatchObject({ code: "rate_limited", limit: "calls", retry_after_seconds: 60 });
    expect(refused.body.error.message).toContain("CALL_RATE_LIMITER");
  });

  it("is kept per caller: another client still has its own", async () => {
    for (let call = 0; call <= CALLS; call += 1) await validate();
    expect((await validate()).status).toBe(429);
    const other = await api("POST", "/graph/validate", { cypher: "RETURN 1 AS one" }, { vars: LIMITED, headers: { authorization: "Bearer another-client" } });
    expect(other.status).toBe(200);
  });

  it("counts tool calls and report panel queries too, but not reads of definitions", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const callTool = () => api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} }, { vars: LIMITED, headers: client });
    for (let read = 0; read < 10; read += 1) expect((await api("GET", "/toolsets", undefined, { vars: LIMITED, headers: client })).status).toBe(200);
    for (let call = 0; call < CALLS; call += 1) expect((await callTool()).status).toBe(200);
    expect((await callTool()).status).toBe(429);
    const panel = await api("POST", "/query/report", { capability: "x", params: {} }, { vars: LIMITED, headers: client });
    expect(panel.status).toBe(429);
  });
});

describe("REST: the writes budget", () => {
  it("refuses the write past the budget, writing nothing, while the calls budget is untouched", async () => {
    const ids = Array.from({ length: WRITES + 1 }, () => freshId("limited"));
    for (const id of ids.slice(0, WRITES)) expect((await createToolsetAs(id)).status).toBe(201);
    const refused = await createToolsetAs(ids[WRITES]!);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "rate_limited", limit: "writes" });
    expect((await api("GET", `/toolsets/${ids[WRITES]}`)).status).toBe(404);
    expect((await validate()).status).toBe(200);
  });
});

describe("MCP: budgets of tools/call", () => {
  it("answers a tool error naming the limit once the calls budget is spent", async () => {
    for (let call = 0; call < CALLS; call += 1) expect((await mcpCall("graph__validate_query", { query: "RETURN 1" })).isError).toBeFalsy();
    const refused = await mcpCall("graph__validate_query", { query: "RETURN 1" });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain("Rate limit reached");
    expect(refused.content[0]!.text).toContain("CALL_RATE_LIMITER");
    expect(refused.structuredContent).toMatchObject({ block_reason: "rate_limited", limit: "calls", retry_after_seconds: 60 });
  });

  it("spends the writes budget on built-ins that change something, the calls budget on saved tools", async () => {
    for (let write = 0; write < WRITES; write += 1) await mcpCall("toolsets__create", { toolset_id: freshId("mcp_limited"), name: "x" });
    const refused = await mcpCall("toolsets__create", { toolset_id: freshId("mcp_limited"), name: "x" });
    expect(refused.structuredContent).toMatchObject({ block_reason: "rate_limited", limit: "writes" });
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    expect((await mcpCall(`${toolset.id}__${tool.id}`, {})).isError).toBeFalsy();
    expect((await mcpCall("toolsets__list", {})).isError).toBeFalsy();
  });
});

describe("RATE_LIMITS_ENABLED=false", () => {
  it("lets a caller past every budget", async () => {
    for (let call = 0; call < CALLS * 2; call += 1) {
      const { status } = await api("POST", "/graph/validate", { cypher: "RETURN 1 AS one" }, { headers: client });
      expect(status).toBe(200);
    }
  });
});
