import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectV1, connectV2 } from "../support/mcp-clients";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";

let worker: RunningWorker;
let limited: RunningWorker;
const suffix = Date.now().toString(36);
const ts = `mcp_${suffix}`;
const other = `mcp_other_${suffix}`;
const hidden = `mcp_hidden_${suffix}`;

async function seed(base: string) {
  const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  ok(await rest(base, "POST", "/toolsets", { id: ts, name: "MCP e2e" }));
  ok(await rest(base, "POST", "/toolsets", { id: other, name: "Other" }));
  ok(await rest(base, "POST", "/toolsets", { id: hidden, name: "Disabled toolset", enabled: false }));
  ok(
    await rest(base, "POST", `/toolsets/${ts}/tools`, {
      id: "numbers",
      name: "Numbers",
      description: "Counts from 1 to $n",
      cypher: "UNWIND range(1, $n) AS x RETURN x, 'row ' + toString(x) AS label",
      parameters: [{ name: "n", type: "integer", description: "How many", required: true }],
    }),
  );
  ok(await rest(base, "POST", `/toolsets/${ts}/tools`, { id: "divide", name: "Divide", cypher: "UNWIND [1, 0] AS x RETURN 1 / x AS y" }));
  ok(await rest(base, "POST", `/toolsets/${ts}/tools`, { id: "off", name: "Off", cypher: "RETURN 1", enabled: false }));
  ok(await rest(base, "POST", `/toolsets/${other}/tools`, { id: "one", name: "One", cypher: "RETURN 1 AS one" }));
  ok(await rest(base, "POST", `/toolsets/${hidden}/tools`, { id: "two", name: "Two", cypher: "RETURN 2 AS two" }));
}

beforeAll(async () => {
  [worker, limited] = await Promise.all([startWorker(), startWorker({ MCP_TOOL_RESULT_MAX_ROWS: "5", MCP_TOOL_RESULT_MAX_BYTES: "400" })]);
  await Promise.all([seed(worker.url), seed(limited.url)]);
});
afterAll(async () => {
  await Promise.all([worker?.stop(), limited?.stop()]);
});

const mcpUrl = (base: string, query = "") => `${base}/api/v1/mcp${query}`;
const names = (tools: { name: string }[]) =>
  tools
    .map((tool) => tool.name)
    .filter((name) => name.includes(suffix))
    .sort();

describe("MCP 2026-07-28 with the v2 client", () => {
  it("negotiates 2026-07-28 statelessly", async () => {
    const client = await connectV2(mcpUrl(worker.url));
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
  });

  it("lists the enabled tools of enabled toolsets with schema, annotations and _meta", async () => {
    const client = await connectV2(mcpUrl(worker.url));
    const { tools } = await client.listTools();
    expect(names(tools)).toEqual([`${ts}__divide`, `${ts}__numbers`, `${other}__one`]);
    const numbers = tools.find((tool) => tool.name === `${ts}__numbers`)!;
    expect(numbers).toMatchObject({
      title: "Numbers",
      description: "Counts from 1 to $n",
      inputSchema: { type: "object", properties: { n: { type: "integer", description: "How many" } }, required: ["n"], additionalProperties: false },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      _meta: { toolset_id: ts, tags: ["user", ts] },
    });
  });

  it("calls a tool: structured content and the same JSON as text", async () => {
    const client = await connectV2(mcpUrl(worker.url));
    const result = await client.callTool({ name: `${ts}__numbers`, arguments: { n: 3 } });
    expect(result.isError).toBeFalsy();
    const expected = {
      results: [
        { x: 1, label: "row 1" },
        { x: 2, label: "row 2" },
        { x: 3, label: "row 3" },
      ],
    };
    expect(result.structuredContent).toEqual(expected);
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(expected);
  });

  it("returns argument errors as tool errors naming the parameter", async () => {
    const client = await connectV2(mcpUrl(worker.url));
    const wrongType = await client.callTool({ name: `${ts}__numbers`, arguments: { n: "three" } });
    expect(wrongType.isError).toBe(true);
    expect((wrongType.content as { text: string }[])[0]!.text).toContain("arguments.n");
    const missing = await client.callTool({ name: `${ts}__numbers`, arguments: {} });
    expect((missing.content as { text: string }[])[0]!.text).toMatch(/arguments\.n.*required/);
    const unknown = await client.callTool({ name: `${ts}__numbers`, arguments: { n: 1, extra: true } });
    expect((unknown.content as { text: string }[])[0]!.text).toContain("arguments.extra");
  });

  it("returns Neo4j errors as tool errors with Neo4j's code", async () => {
    const client = await connectV2(mcpUrl(worker.url));
    const result = await client.callTool({ name: `${ts}__divide`, arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toContain("Neo.ClientError.Statement.ArithmeticError");
  });

  it("treats unknown, disabled and hidden-toolset tools as protocol errors", async () => {
    const client = await connectV2(mcpUrl(worker.url));
    for (const name of [`${ts}__nope`, `${ts}__off`, `${hidden}__two`, "not_a_tool_name"]) {
      await expect(client.callTool({ name, arguments: {} }), name).rejects.toMatchObject({ code: -32602 });
    }
  });
});

describe("MCP 2025 revisions with the v1 client", () => {
  it.each(["2025-11-25", "2025-03-26"] as const)("lists and calls tools on %s", async (version) => {
    const { client, transport } = await connectV1(mcpUrl(worker.url), version);
    expect(transport.protocolVersion).toBe(version);
    const { tools } = await client.listTools();
    expect(names(tools)).toEqual([`${ts}__divide`, `${ts}__numbers`, `${other}__one`]);
    const result = await client.callTool({ name: `${ts}__numbers`, arguments: { n: 2 } });
    expect(result.structuredContent).toEqual({
      results: [
        { x: 1, label: "row 1" },
        { x: 2, label: "row 2" },
      ],
    });
    const failed = await client.callTool({ name: `${ts}__divide`, arguments: {} });
    expect(failed.isError).toBe(true);
    await expect(client.callTool({ name: `${ts}__off`, arguments: {} })).rejects.toThrow(/not found/);
    await client.close();
  });
});

describe("MCP result bounds", () => {
  it("cuts at the row limit with the truncated shape", async () => {
    const client = await connectV2(mcpUrl(limited.url));
    const result = await client.callTool({ name: `${ts}__numbers`, arguments: { n: 50 } });
    const results = (result.structuredContent as { results: Record<string, unknown> }).results;
    expect(results).toMatchObject({ truncated: true, truncated_reasons: ["row_limit"], returned: 5, total_rows_at_least: 6, max_rows: 5, max_bytes: 400 });
  });

  it("cuts at the byte limit and stays within it", async () => {
    const { client } = await connectV1(mcpUrl(limited.url), "2025-11-25");
    const result = await client.callTool({ name: `${other}__one`, arguments: {} });
    expect(result.structuredContent).toEqual({ results: [{ one: 1 }] });
    const big = await client.callTool({ name: `${ts}__numbers`, arguments: { n: 4 } });
    const results = (big.structuredContent as { results: unknown[] }).results;
    expect(new TextEncoder().encode(JSON.stringify(results)).length).toBeLessThanOrEqual(400);
  });
});

describe("MCP endpoint filters", () => {
  it("narrows to the named toolsets", async () => {
    const client = await connectV2(mcpUrl(worker.url, `?toolsets=${other}`));
    const { tools } = await client.listTools();
    expect(names(tools)).toEqual([`${other}__one`]);
    await expect(client.callTool({ name: `${ts}__numbers`, arguments: { n: 1 } })).rejects.toThrow(/not available on this endpoint/);
  });

  it("keeps tools carrying one of include_tags and hides those carrying exclude_tags", async () => {
    const include = await connectV2(mcpUrl(worker.url, `?include_tags=${ts}`));
    expect(names((await include.listTools()).tools)).toEqual([`${ts}__divide`, `${ts}__numbers`]);
    const exclude = await connectV2(mcpUrl(worker.url, `?exclude_tags=${ts}`));
    expect(names((await exclude.listTools()).tools)).toEqual([`${other}__one`]);
  });

  it("still shows every read-only tool at access=read_only", async () => {
    const client = await connectV2(mcpUrl(worker.url, "?access=read_only"));
    expect(names((await client.listTools()).tools)).toEqual([`${ts}__divide`, `${ts}__numbers`, `${other}__one`]);
  });

  it("takes seizu for every built-in tool and a group name for that group's tools", async () => {
    const all = (await (await connectV2(mcpUrl(worker.url, "?toolsets=seizu"))).listTools()).tools;
    expect(all.length).toBeGreaterThan(10);
    expect(all.every((tool) => (tool._meta as { toolset_id: string }).toolset_id === "seizu")).toBe(true);
    const graph = (await (await connectV2(mcpUrl(worker.url, `?toolsets=graph,${other}`))).listTools()).tools.map((tool) => tool.name).sort();
    expect(graph).toEqual(["graph__explain", "graph__query", "graph__schema", "graph__validate_query", `${other}__one`]);
  });

  it("lists nothing, without an error, for a toolset that exists but is disabled", async () => {
    const client = await connectV2(mcpUrl(worker.url, `?toolsets=${hidden}`));
    expect((await client.listTools()).tools).toEqual([]);
  });

  it("answers tools/list with a JSON-RPC error naming a toolset that does not exist", async () => {
    const client = await connectV2(mcpUrl(worker.url, `?toolsets=${other},no_such_toolset`));
    await expect(client.listTools()).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('"no_such_toolset", which is no toolset') });
  });

  it.each([
    ["?access=everything", "access: must be full or read_only"],
    ["?tool_sets=a", "tool_sets"],
  ])("answers a bad filter (%s) with a JSON-RPC error after a normal initialize", async (query, named) => {
    const client = await connectV2(mcpUrl(worker.url, query));
    await expect(client.listTools()).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(named) });
    await expect(client.callTool({ name: `${other}__one`, arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(named) });
  });
});

describe("MCP transport rules", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(mcpUrl(worker.url), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body,
    });

  it("answers a body over 4 MiB with 413 before parsing it", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(4 * 1024 * 1024) } }));
    expect(response.status).toBe(413);
  });

  it("answers malformed JSON with a JSON-RPC parse error", async () => {
    const response = await post("{not json");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
  });

  it("answers a JSON-RPC message without a method with an invalid-request error", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 7, params: {} }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
  });

  it("refuses a foreign Host or Origin (DNS rebinding)", async () => {
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    });
    expect((await post(initialize, { origin: "http://evil.example" })).status).toBe(403);
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(mcpUrl(worker.url));
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { host: "evil.example", "content-type": "application/json", accept: "application/json, text/event-stream" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(initialize);
    });
    expect(status).toBe(403);
  });
});
