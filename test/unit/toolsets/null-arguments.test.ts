import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { createTool, createToolset } from "../../support/toolsets";

/** A tool with one parameter of each type, optional with a default, and one required string. */
async function typedTool() {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id, {
    cypher: "RETURN $s AS s, $i AS i, $f AS f, $b AS b, $id AS id",
    parameters: [
      { name: "s", type: "string", default: "x" },
      { name: "i", type: "integer", default: 1 },
      { name: "f", type: "float", default: 1.5 },
      { name: "b", type: "boolean", default: true },
      { name: "id", type: "string", required: true },
    ],
  });
  return { toolset, tool, call: (args: Record<string, unknown>) => api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: args }) };
}

describe("typed parameters refuse null", () => {
  it.each([
    ["s", "string"],
    ["i", "integer"],
    ["f", "float"],
    ["b", "boolean"],
  ])("refuses null for the optional %s parameter, naming its type", async (name, type) => {
    const { call } = await typedTool();
    const { status, body } = await call({ id: "a", [name]: null });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: `arguments.${name}`, rule: "invalid_type", message: `must be a ${type}, not null` }]);
  });

  it("refuses null for a required parameter", async () => {
    const { call } = await typedTool();
    const { status, body } = await call({ id: null });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "arguments.id", rule: "invalid_type", message: "must be a string, not null" }]);
  });

  it("still gives omitted optionals their default", async () => {
    const { call } = await typedTool();
    const { status, body } = await call({ id: "a" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results).toEqual([{ s: "x", i: 1, f: 1.5, b: true, id: "a" }]);
  });

  it("refuses null through MCP as an error result naming the parameter", async () => {
    const { toolset, tool } = await typedTool();
    const response = await createApp().fetch(mcpRequest("tools/call", { name: `${toolset.id}__${tool.id}`, arguments: { id: "a", i: null } }), env);
    const { result } = (await response.json()) as { result: { isError?: boolean; content: { text: string }[] } };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain("arguments.i");
    expect(result.content[0]!.text).toContain("not null");
  });
});
