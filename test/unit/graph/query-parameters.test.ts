import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";

/** The raw request body, so a number JavaScript would round reaches the Worker as written. */
const rawQuery = (parametersJson: string) => api("POST", "/graph/query", `{"cypher": "RETURN $x AS x", "parameters": ${parametersJson}}`);

/** `value` wrapped in `depth` lists, as JSON text. */
const nested = (depth: number, value = "1") => "[".repeat(depth) + value + "]".repeat(depth);

async function mcpQuery(parameters: Record<string, unknown>) {
  const response = await createApp().fetch(mcpRequest("tools/call", { name: "graph__query", arguments: { query: "RETURN $x AS x", parameters } }), env);
  return ((await response.json()) as { result: { isError?: boolean; content: { text: string }[] } }).result;
}

describe("graph__query parameter values: refused with 422 naming the value, never a 500", () => {
  it("refuses a whole number beyond ±(2^53 − 1), which JSON cannot carry exactly", async () => {
    const { status, body } = await rawQuery(`{"x": 9007199254740993}`);
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.error.fields).toEqual([
      expect.objectContaining({ field: "parameters.x", rule: "unsafe_integer", message: expect.stringContaining("toInteger") }),
    ]);
  });

  it("names the path of an unsafe integer inside lists and maps", async () => {
    const { status, body } = await rawQuery(`{"x": {"ids": [1, -9007199254740993]}}`);
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "parameters.x.ids.1", rule: "unsafe_integer" })]);
  });

  it("still sends the largest safe integers exactly", async () => {
    const { status, body } = await rawQuery(`{"x": [9007199254740991, -9007199254740991]}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results).toEqual([{ x: [9007199254740991, -9007199254740991] }]);
  });

  it("refuses lists and maps nested 5000 levels deep", async () => {
    const { status, body } = await rawQuery(`{"x": ${nested(5000)}}`);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "parameters.x", rule: "too_deep", message: expect.stringContaining("32") })]);
  });

  it("accepts values nested 32 levels deep, the limit", async () => {
    const { status, body } = await rawQuery(`{"x": ${nested(32)}}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results).toEqual([{ x: JSON.parse(nested(32)) }]);
  });

  it("refuses one level more than the limit", async () => {
    const { status, body } = await rawQuery(`{"x": {"a": ${nested(32)}}}`);
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "parameters.x", rule: "too_deep" })]);
  });

  it("gives MCP clients the same refusals as error results", async () => {
    const unsafe = await mcpQuery({ x: 2 ** 53 });
    expect(unsafe.isError).toBe(true);
    expect(unsafe.content[0]!.text).toContain("parameters.x");
    const deep = await mcpQuery({ x: JSON.parse(nested(5000)) });
    expect(deep.isError).toBe(true);
    expect(deep.content[0]!.text).toContain("parameters.x");
  });
});
