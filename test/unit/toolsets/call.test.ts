import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createTool, createToolset } from "../../support/toolsets";

async function toolWith(cypher: string, parameters: unknown[]) {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id, { cypher, parameters });
  return (args: unknown) => api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, args === undefined ? undefined : { arguments: args });
}

describe("calling a tool: arguments", () => {
  const typed = [
    { name: "s", type: "string" },
    { name: "i", type: "integer" },
    { name: "f", type: "float" },
    { name: "b", type: "boolean" },
  ];
  const typesQuery = "RETURN valueType($s) AS s, valueType($i) AS i, valueType($f) AS f, valueType($b) AS b";

  it("returns rows as objects keyed by column", async () => {
    const call = await toolWith("UNWIND range(1, 3) AS x RETURN x, x * 2 AS doubled", []);
    const { status, body } = await call({});
    expect(status).toBe(200);
    expect(body).toEqual({
      results: [
        { x: 1, doubled: 2 },
        { x: 2, doubled: 4 },
        { x: 3, doubled: 6 },
      ],
    });
  });

  it("sends integers as INTEGER and floats as FLOAT, even a whole-number float", async () => {
    const call = await toolWith(typesQuery, typed);
    const { body } = await call({ s: "x", i: 3, f: 3, b: false });
    expect(body.results).toEqual([{ s: "STRING NOT NULL", i: "INTEGER NOT NULL", f: "FLOAT NOT NULL", b: "BOOLEAN NOT NULL" }]);
  });

  it("fills omitted optionals with their default, or null", async () => {
    const call = await toolWith("RETURN $limit AS limit, $label AS label", [
      { name: "limit", type: "integer", default: 25 },
      { name: "label", type: "string" },
    ]);
    expect((await call(undefined)).body.results).toEqual([{ limit: 25, label: null }]);
    expect((await call({ limit: 5 })).body.results).toEqual([{ limit: 5, label: null }]);
  });

  it.each([
    [{ s: 1 }, "arguments.s", "must be a string"],
    [{ i: 1.5 }, "arguments.i", "must be a integer"],
    [{ i: "3" }, "arguments.i", "must be a integer"],
    [{ f: "1.0" }, "arguments.f", "must be a float"],
    [{ b: "true" }, "arguments.b", "must be a boolean"],
    [{ nope: 1 }, "arguments.nope", "is not a parameter of this tool"],
  ])("rejects %j naming %s", async (args, field, message) => {
    const call = await toolWith(typesQuery, typed);
    const { status, body } = await call(args);
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field, message: expect.stringContaining(message) })]);
  });

  it("rejects a missing required argument", async () => {
    const call = await toolWith("RETURN $id AS id", [{ name: "id", type: "string", required: true }]);
    const { status, body } = await call({});
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "arguments.id", rule: "required" })]);
  });

  it("rejects arguments that are not an object", async () => {
    const call = await toolWith("RETURN 1", []);
    const { status, body } = await call([1, 2]);
    expect(status).toBe(422);
    expect(body.error.fields[0].field).toBe("arguments");
  });

  it("reports a Neo4j runtime error as a failed query", async () => {
    const call = await toolWith("UNWIND [1, 0] AS x RETURN 1 / x AS y", []);
    const { status, body } = await call({});
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: "query_failed", neo4j_code: "Neo.ClientError.Statement.ArithmeticError" });
  });

  it("answers 404 for an unknown tool", async () => {
    const toolset = await createToolset();
    expect((await api("POST", `/toolsets/${toolset.id}/tools/missing/call`, { arguments: {} })).status).toBe(404);
  });
});

describe("calling a tool: bounded results", () => {
  const rows = "UNWIND range(1, 100) AS x RETURN x, 'row ' + toString(x) AS label";

  it("returns the bare list when within both bounds", async () => {
    const call = await toolWith(rows, []);
    const { body } = await call({});
    expect(Array.isArray(body.results)).toBe(true);
    expect(body.results).toHaveLength(100);
  });

  it("cuts at the row limit and says so, with a lower bound of the total", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: rows });
    const { body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} }, { vars: { MCP_TOOL_RESULT_MAX_ROWS: "10" } });
    expect(body.results).toMatchObject({ truncated: true, truncated_reasons: ["row_limit"], returned: 10, total_rows_at_least: 11, max_rows: 10 });
    expect(body.results.rows).toHaveLength(10);
    expect(body.results.rows[9]).toEqual({ x: 10, label: "row 10" });
    expect(body.results).not.toHaveProperty("total_rows");
  });

  it("cuts at the byte limit and keeps the whole result within it", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: rows });
    const maxBytes = 600;
    const { body } = await api(
      "POST",
      `/toolsets/${toolset.id}/tools/${tool.id}/call`,
      { arguments: {} },
      { vars: { MCP_TOOL_RESULT_MAX_BYTES: String(maxBytes) } },
    );
    expect(body.results).toMatchObject({ truncated: true, max_bytes: maxBytes });
    expect(body.results.truncated_reasons).toContain("byte_limit");
    expect(new TextEncoder().encode(JSON.stringify(body.results)).length).toBeLessThanOrEqual(maxBytes);
    expect(body.results.returned).toBe(body.results.rows.length);
    expect(body.results.returned).toBeGreaterThan(0);
  });

  it("returns the fixed message when not even one row fits", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: "RETURN 'a long row that cannot fit' AS text" });
    const { body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} }, { vars: { MCP_TOOL_RESULT_MAX_BYTES: "20" } });
    expect(body.results).toMatch(/not even its first row fits/);
  });
});

describe("calling a tool: a first row larger than the whole budget", () => {
  it("returns the fixed message even when the envelope alone would fit", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: "RETURN reduce(s = '', i IN range(1, 400) | s + 'x') AS text" });
    const { body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} }, { vars: { MCP_TOOL_RESULT_MAX_BYTES: "300" } });
    expect(body.results).toMatch(/not even its first row fits/);
  });
});
