import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";

/** A fresh id of exactly `length` characters, unique within the run. */
function idOfLength(length: number): string {
  const unique = `i${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return unique.padEnd(length, "x").slice(0, length);
}

const lengthRule = expect.stringContaining("at most 31 characters");

describe("toolset and tool ids are at most 31 characters", () => {
  it("refuses a 32-character toolset id with 422 naming the field and writes nothing", async () => {
    const id = idOfLength(32);
    const { status, body } = await api("POST", "/toolsets", { id, name: "Too long" });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "id", message: lengthRule })]);
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("refuses a 32-character tool id with 422 naming the field", async () => {
    const toolset = idOfLength(20);
    await api("POST", "/toolsets", { id: toolset, name: "Holder" });
    const { status, body } = await api("POST", `/toolsets/${toolset}/tools`, { id: idOfLength(32), name: "Too long", cypher: "RETURN 1 AS one" });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "id", message: lengthRule })]);
  });

  it("refuses a 32-character id in an import document, naming its path", async () => {
    const toolset = idOfLength(20);
    const tool = idOfLength(32);
    const { status, body } = await api("POST", "/toolsets/import", {
      toolsets: { [toolset]: { name: "Imported", tools: { [tool]: { name: "Long", cypher: "RETURN 1 AS one" } } } },
    });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: `toolsets.${toolset}.tools.${tool}`, message: lengthRule })]);
    expect((await api("GET", `/toolsets/${toolset}`)).status).toBe(404);
  });

  it("accepts 31-character ids, whose MCP tool name is at most 64 characters", async () => {
    const toolset = idOfLength(31);
    const tool = idOfLength(31);
    expect((await api("POST", "/toolsets", { id: toolset, name: "Longest" })).status).toBe(201);
    expect((await api("POST", `/toolsets/${toolset}/tools`, { id: tool, name: "Longest", cypher: "RETURN 1 AS one" })).status).toBe(201);
    const response = await createApp().fetch(mcpRequest("tools/list"), env);
    const { result } = (await response.json()) as { result: { tools: { name: string }[] } };
    const name = `${toolset}__${tool}`;
    expect(result.tools.map((listed) => listed.name)).toContain(name);
    expect(name).toHaveLength(64);
  });
});
