// The isolate's cache of tool definitions (store/definition-cache.ts): changes made through this
// isolate show at once, another isolate's within TOOL_DEFINITION_CACHE_SECONDS and not before.
// Another isolate's write is simulated the way it arrives: SQL on the definitions table through
// env.DB, past this isolate's stores.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { createTool, createToolset } from "../../support/toolsets";

const app = createApp();

/** What a tools/call of the tool answers under these settings: its rows, or the error it gives. */
async function callTool(vars: Record<string, string>, name: string): Promise<unknown> {
  const response = await app.fetch(mcpRequest("tools/call", { name, arguments: {} }), { ...env, ...vars });
  const body = (await response.json()) as { result?: { isError?: boolean; structuredContent?: unknown }; error?: { message: string } };
  if (body.error) return { error: body.error.message };
  return body.result?.isError ? { error: "tool error" } : body.result?.structuredContent;
}

/** A tool answering {one: 1}, under a fresh toolset: its MCP name and its key. */
async function savedTool() {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id);
  return { name: `${toolset.id}__${tool.id}`, toolsetId: toolset.id, id: tool.id };
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

type Change = (tool: { toolsetId: string; id: string }) => Promise<unknown>;

/** Another isolate's writes: straight to D1, as they would arrive. */
const elsewhere: Record<string, Change> = {
  edit: (tool) =>
    env.DB.prepare(
      "UPDATE definitions SET version = version + 1, body = json_set(body, '$.cypher', 'RETURN 2 AS one') WHERE kind = 'tool' AND parent_id = ? AND id = ?",
    )
      .bind(tool.toolsetId, tool.id)
      .run(),
  disable: (tool) =>
    env.DB.prepare(
      "UPDATE definitions SET version = version + 1, body = json_set(body, '$.enabled', json('false')) WHERE kind = 'tool' AND parent_id = ? AND id = ?",
    )
      .bind(tool.toolsetId, tool.id)
      .run(),
  delete: (tool) => env.DB.prepare("DELETE FROM definitions WHERE kind = 'tool' AND parent_id = ? AND id = ?").bind(tool.toolsetId, tool.id).run(),
};

/** The same changes through this isolate's REST API. */
const here: Record<string, Change> = {
  edit: (tool) => api("PATCH", `/toolsets/${tool.toolsetId}/tools/${tool.id}`, { cypher: "RETURN 2 AS one" }),
  disable: (tool) => api("PATCH", `/toolsets/${tool.toolsetId}/tools/${tool.id}`, { enabled: false }),
  delete: (tool) => api("DELETE", `/toolsets/${tool.toolsetId}/tools/${tool.id}`),
};

const changed = (kind: string) => (kind === "edit" ? { results: [{ one: 2 }] } : { error: expect.stringMatching(/tool/i) });

describe("Tool definitions an isolate keeps", () => {
  for (const kind of ["edit", "disable", "delete"]) {
    it(`serves another isolate's ${kind} once the cache's bound has passed, not before`, async () => {
      const vars = { TOOL_DEFINITION_CACHE_SECONDS: "1" };
      const tool = await savedTool();
      expect(await callTool(vars, tool.name)).toEqual({ results: [{ one: 1 }] });
      const read = Date.now();
      await elsewhere[kind]?.(tool);
      expect(await callTool(vars, tool.name)).toEqual({ results: [{ one: 1 }] });
      await sleepUntil(read + 1_050);
      expect(await callTool(vars, tool.name)).toEqual(changed(kind));
    });

    it(`serves a ${kind} made through this isolate's API at once`, async () => {
      const vars = { TOOL_DEFINITION_CACHE_SECONDS: "60" };
      const tool = await savedTool();
      expect(await callTool(vars, tool.name)).toEqual({ results: [{ one: 1 }] });
      await here[kind]?.(tool);
      expect(await callTool(vars, tool.name)).toEqual(changed(kind));
    });
  }

  it("drops a tool another isolate disabled from tools/list once the bound has passed, not before", async () => {
    const vars = { TOOL_DEFINITION_CACHE_SECONDS: "1" };
    const tool = await savedTool();
    const names = async () => {
      const response = await app.fetch(mcpRequest("tools/list"), { ...env, ...vars });
      return ((await response.json()) as { result: { tools: { name: string }[] } }).result.tools.map((listed) => listed.name);
    };
    expect(await names()).toContain(tool.name);
    const read = Date.now();
    await elsewhere.disable?.(tool);
    expect(await names()).toContain(tool.name);
    await sleepUntil(read + 1_050);
    expect(await names()).not.toContain(tool.name);
  });

  it("reads D1 on every call when TOOL_DEFINITION_CACHE_SECONDS is 0", async () => {
    const vars = { TOOL_DEFINITION_CACHE_SECONDS: "0" };
    const tool = await savedTool();
    expect(await callTool(vars, tool.name)).toEqual({ results: [{ one: 1 }] });
    await elsewhere.edit?.(tool);
    expect(await callTool(vars, tool.name)).toEqual({ results: [{ one: 2 }] });
  });

  it("refuses a bound above 60 seconds, naming the setting", async () => {
    const tool = await savedTool();
    const response = await app.fetch(mcpRequest("tools/call", { name: tool.name, arguments: {} }), { ...env, TOOL_DEFINITION_CACHE_SECONDS: "61" });
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/TOOL_DEFINITION_CACHE_SECONDS: must be at most 60/);
  });
});
