// MCP_TOOL_RESULT_MAX_ROWS / _BYTES on built-in results that are not plain lists: export's
// collection keyed by id, graph__schema's four lists, a package or a definition that cannot be
// cut, a write whose result is too large, and graph__query's rows inside `{"results": ...}`.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";
import { installPlugin } from "../../support/plugins";
import { createTool, createToolset, freshId } from "../../support/toolsets";

const app = createApp();
const bytes = (text: string) => new TextEncoder().encode(text).length;

async function call(name: string, args: Record<string, unknown>, vars: Record<string, string>) {
  const response = await app.fetch(mcpRequest("tools/call", { name, arguments: args }), { ...env, ...vars });
  return ((await response.json()) as { result: any }).result;
}

async function approvedCall(name: string, args: Record<string, unknown>, vars: Record<string, string>) {
  const asked = await call(name, args, vars);
  expect(asked.structuredContent, JSON.stringify(asked)).toMatchObject({ confirmation_required: true });
  await api("POST", `/confirmations/${asked.structuredContent.confirmation.id}/approve`);
  return call(name, args, vars);
}

/** The REST route an error names, as the api() helper takes it. */
const routeIn = (text: string) => text.match(/GET \/api\/v1(\S+?)\.?$/)?.[1];

describe("toolsets__export under the result limits", () => {
  beforeAll(async () => {
    for (let i = 0; i < 8; i++) {
      const toolset = await createToolset({ description: `Toolset number ${i}, exported whole or not at all. ${"z".repeat(300)}` });
      await createTool(toolset.id, { cypher: `RETURN ${i} AS n` });
    }
  }, 60_000);

  it("keeps the leading toolsets that fit in MCP_TOOL_RESULT_MAX_BYTES, whole, and says how many there were", async () => {
    const everything = (await api("GET", "/toolsets/export")).body.toolsets;
    const { structuredContent, content } = await call("toolsets__export", {}, { MCP_TOOL_RESULT_MAX_BYTES: "2000" });
    expect(bytes(content[0].text)).toBeLessThanOrEqual(2000);
    expect(structuredContent).toMatchObject({
      truncated: true,
      truncated_reasons: ["byte_limit"],
      total_rows: Object.keys(everything).length,
      max_bytes: 2000,
    });
    const kept = Object.keys(structuredContent.toolsets);
    expect(kept.length).toBe(structuredContent.returned);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(Object.keys(everything).slice(0, kept.length));
    for (const id of kept) expect(structuredContent.toolsets[id]).toEqual(everything[id]);
  });

  it("keeps at most MCP_TOOL_RESULT_MAX_ROWS toolsets", async () => {
    const { structuredContent } = await call("toolsets__export", {}, { MCP_TOOL_RESULT_MAX_ROWS: "2" });
    expect(structuredContent).toMatchObject({ truncated: true, truncated_reasons: ["row_limit"], returned: 2, max_rows: 2 });
    expect(Object.keys(structuredContent.toolsets)).toHaveLength(2);
  });

  it("is returned unchanged within the limits", async () => {
    const { structuredContent } = await call("toolsets__export", {}, {});
    expect(structuredContent).toEqual((await api("GET", "/toolsets/export")).body);
  });

  it("refuses, naming GET /api/v1/toolsets/export, when not even its first toolset fits", async () => {
    const result = await call("toolsets__export", {}, { MCP_TOOL_RESULT_MAX_BYTES: "300" });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(
      /^The result of toolsets__export is \d+ bytes, over MCP_TOOL_RESULT_MAX_BYTES \(300\), and not even one item of its list fits\. Get it in full from the REST API: GET \/api\/v1\/toolsets\/export\.$/,
    );
  });
});

describe("graph__schema under the result limits", () => {
  const prefix = uniqueLabel("Schema");
  beforeAll(async () => {
    const labels = Array.from({ length: 30 }, (_, i) => `${prefix}_${i}`);
    const pattern = labels.map((label) => `(:${label} {${label}_key: 1})-[:${label}_REL]->(:${label})`).join(", ");
    await testNeo4j().query(`CREATE ${pattern}`, {}, { accessMode: "WRITE" });
  }, 60_000);

  const listsOf = ["labels", "relationship_types", "property_keys", "indexes"] as const;

  it("cuts each of its four lists to a leading part, in turns, within MCP_TOOL_RESULT_MAX_BYTES", async () => {
    const { structuredContent, content } = await call("graph__schema", {}, { MCP_TOOL_RESULT_MAX_BYTES: "2000" });
    const after = (await api("GET", "/graph/schema")).body;
    expect(bytes(content[0].text)).toBeLessThanOrEqual(2000);
    expect(structuredContent).toMatchObject({ truncated: true, truncated_reasons: ["byte_limit"], max_bytes: 2000 });
    let returned = 0;
    let total = 0;
    for (const list of listsOf) {
      const kept = structuredContent[list];
      const counts = structuredContent.lists[list];
      expect(counts.returned).toBe(kept.length);
      expect(counts.total_rows).toBeGreaterThanOrEqual(kept.length);
      // Every list gets items: a long one does not starve the others.
      expect(kept.length).toBeGreaterThan(0);
      // What was kept is the list's own order (other tests may add labels meanwhile).
      expect(after[list].filter((item: unknown) => kept.some((k: unknown) => JSON.stringify(k) === JSON.stringify(item)))).toEqual(kept);
      returned += counts.returned;
      total += counts.total_rows;
    }
    expect(structuredContent.returned).toBe(returned);
    expect(structuredContent.total_rows).toBe(total);
    expect(total).toBeGreaterThan(returned);
  });

  it("keeps at most MCP_TOOL_RESULT_MAX_ROWS items of each list", async () => {
    const { structuredContent } = await call("graph__schema", {}, { MCP_TOOL_RESULT_MAX_ROWS: "3" });
    expect(structuredContent).toMatchObject({ truncated: true, truncated_reasons: ["row_limit"], max_rows: 3 });
    for (const list of listsOf) expect(structuredContent[list].length).toBeLessThanOrEqual(3);
    expect(structuredContent.labels).toHaveLength(3);
  });

  it("is returned unchanged within the limits", async () => {
    const { structuredContent } = await call("graph__schema", {}, {});
    expect(Object.keys(structuredContent)).toEqual(["labels", "relationship_types", "property_keys", "indexes"]);
    expect(structuredContent.labels).toEqual(expect.arrayContaining([`${prefix}_0`, `${prefix}_29`]));
  });
});

describe("plugins__download under the result limits", () => {
  it("refuses a package larger than MCP_TOOL_RESULT_MAX_BYTES, naming the REST route that serves it", async () => {
    const plugin = await installPlugin({ files: { "data.bin": crypto.getRandomValues(new Uint8Array(3000)) } });
    const result = await call("plugins__download", { plugin_id: plugin.id, revision: 1 }, { MCP_TOOL_RESULT_MAX_BYTES: "2000" });
    expect(result.isError).toBe(true);
    const text = result.content[0].text as string;
    expect(text).toMatch(/^The result of plugins__download is \d+ bytes, over MCP_TOOL_RESULT_MAX_BYTES \(2000\), and it is one value, with no list to cut\./);
    expect(text).toContain(`GET /api/v1/plugins/${plugin.id}/versions/1/download`);
    const served = await api("GET", routeIn(text)!);
    expect(served.status).toBe(200);
    expect(bytes(JSON.stringify(served.body))).toBe(Number(text.match(/is (\d+) bytes/)![1]));
  });

  it("returns the package whole within the limit", async () => {
    const plugin = await installPlugin();
    const { structuredContent, isError } = await call("plugins__download", { plugin_id: plugin.id, revision: 1 }, {});
    expect(isError).toBeFalsy();
    expect(structuredContent).toEqual((await api("GET", `/plugins/${plugin.id}/versions/1/download`)).body);
  });
});

describe("a single definition larger than MCP_TOOL_RESULT_MAX_BYTES", () => {
  const bigCypher = `RETURN '${"x".repeat(3000)}' AS padding`;

  it("is refused by toolsets__get_tool with the REST route of the tool", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: bigCypher });
    const result = await call("toolsets__get_tool", { toolset_id: toolset.id, tool_id: tool.id }, { MCP_TOOL_RESULT_MAX_BYTES: "2000" });
    expect(result.isError).toBe(true);
    expect(routeIn(result.content[0].text)).toBe(`/toolsets/${toolset.id}/tools/${tool.id}`);
    expect((await api("GET", routeIn(result.content[0].text)!)).body.cypher).toBe(bigCypher);
  });

  it("is returned whole when it fits", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const { structuredContent } = await call("toolsets__get_tool", { toolset_id: toolset.id, tool_id: tool.id }, { MCP_TOOL_RESULT_MAX_BYTES: "2000" });
    const page = `http://127.0.0.1/toolsets/${toolset.id}/tools/${tool.id}`;
    expect(structuredContent).toEqual({ ...(await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}`)).body, ui_url: page });
  });

  it("written by toolsets__create_tool: the change is saved, and the error says so and where to read it", async () => {
    const toolset = await createToolset();
    const toolId = freshId("big");
    const result = await approvedCall(
      "toolsets__create_tool",
      { toolset_id: toolset.id, tool_id: toolId, name: "Big", cypher: bigCypher },
      { MCP_TOOL_RESULT_MAX_BYTES: "2000" },
    );
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(
      /^toolsets__create_tool ran and its change is saved, but its result is \d+ bytes, over MCP_TOOL_RESULT_MAX_BYTES \(2000\)/,
    );
    expect(routeIn(result.content[0].text)).toBe(`/toolsets/${toolset.id}/tools/${toolId}`);
    expect((await api("GET", `/toolsets/${toolset.id}/tools/${toolId}`)).body).toMatchObject({ cypher: bigCypher, version: 1 });
  });
});

describe("graph__query's rows inside the response", () => {
  // Ten rows of about 100 bytes: the bare list fits 1015 bytes, `{"results": [...]}` does not.
  const cypher = "UNWIND range(1, 10) AS i RETURN i, $text AS text";
  const parameters = { text: "y".repeat(80) };

  it("holds the whole structured content, not only the list, to MCP_TOOL_RESULT_MAX_BYTES", async () => {
    const bare = JSON.stringify((await call("graph__query", { query: cypher, parameters }, {})).structuredContent.results);
    const maxBytes = bytes(bare) + 5;
    const { content, structuredContent } = await call("graph__query", { query: cypher, parameters }, { MCP_TOOL_RESULT_MAX_BYTES: String(maxBytes) });
    expect(bytes(content[0].text)).toBeLessThanOrEqual(maxBytes);
    expect(structuredContent.results).toMatchObject({ truncated: true, truncated_reasons: ["byte_limit"], total_rows_at_least: 10 });
  });

  it("holds the REST response body to MCP_TOOL_RESULT_MAX_BYTES the same way", async () => {
    const whole = await api("POST", "/graph/query", { cypher, parameters });
    const maxBytes = bytes(JSON.stringify(whole.body.results)) + 5;
    const cut = await api("POST", "/graph/query", { cypher, parameters }, { vars: { MCP_TOOL_RESULT_MAX_BYTES: String(maxBytes) } });
    expect(bytes(JSON.stringify(cut.body))).toBeLessThanOrEqual(maxBytes);
    expect(cut.body.results.truncated).toBe(true);
  });
});
