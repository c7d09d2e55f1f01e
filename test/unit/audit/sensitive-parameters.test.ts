// A tool parameter marked `sensitive: true`: its values never reach the audit log, under any
// AUDIT_ARGUMENTS and through either edge; the mark is part of the tool's definition (REST,
// export and import) and changes nothing tools/list shows.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { eventsOf, freshAgent, mcpAs } from "../../support/audit-calls";
import { mcp } from "../../support/mcp-app";
import { createTool, createToolset, freshId } from "../../support/toolsets";

const SECRET = "hunter2-do-not-log";

async function toolWithSecret() {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id, {
    cypher: "RETURN size($api_key) AS length, $host AS host",
    parameters: [
      { name: "api_key", type: "string", sensitive: true },
      { name: "host", type: "string" },
    ],
  });
  return { toolsetId: toolset.id, id: tool.id as string, mcpName: `${toolset.id}__${tool.id}` };
}

describe("sensitive parameters", () => {
  it("are never stored by an MCP call under full: the other arguments are", async () => {
    const tool = await toolWithSecret();
    const agent = freshAgent();
    const reply = await mcpAs(agent, "tools/call", { name: tool.mcpName, arguments: { api_key: SECRET, host: "web-1" } });
    expect(reply.result.structuredContent.results).toEqual([{ length: SECRET.length, host: "web-1" }]);
    const [event] = await eventsOf(agent);
    expect(event!.detail.arguments).toEqual({ host: "web-1" });
    expect(event!.detail_text).not.toContain(SECRET);
  });

  it("are never stored by a REST call, nor named under keys", async () => {
    const tool = await toolWithSecret();
    const agent = freshAgent();
    const path = `/toolsets/${tool.toolsetId}/tools/${tool.id}/call`;
    expect((await api("POST", path, { arguments: { api_key: SECRET, host: "web-2" } }, { headers: { "user-agent": agent } })).status).toBe(200);
    expect((await api("POST", path, { arguments: { api_key: SECRET } }, { headers: { "user-agent": agent }, vars: { AUDIT_ARGUMENTS: "keys" } })).status).toBe(
      200,
    );
    const events = await eventsOf(agent, 2);
    expect(events.map((event) => event.detail.arguments)).toEqual([{ host: "web-2" }, []]);
    for (const event of events) expect(event.detail_text).not.toContain(SECRET);
  });

  it("are never stored when the call is refused either", async () => {
    const tool = await toolWithSecret();
    const agent = freshAgent();
    await mcpAs(agent, "tools/call", { name: tool.mcpName, arguments: { api_key: SECRET, host: 42 } });
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "invalid" });
    expect(event!.detail_text).not.toContain(SECRET);
  });

  it("are never stored through an error message that quotes the value", async () => {
    const tool = await toolWithSecret();
    const agent = freshAgent();
    const path = `/toolsets/${tool.toolsetId}/tools/${tool.id}/call`;
    const refused = await api("POST", path, { arguments: { api_key: [SECRET] } }, { headers: { "user-agent": agent } });
    expect(refused.body.error.message).toContain(SECRET);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "invalid" });
    expect(event!.detail.fields).toEqual([{ field: "arguments.api_key", rule: "invalid_type" }]);
    expect(event!.detail_text).not.toContain(SECRET);
  });

  it("keep their mark in the tool's definition and its export", async () => {
    const tool = await toolWithSecret();
    const read = await api("GET", `/toolsets/${tool.toolsetId}/tools/${tool.id}`);
    expect(read.body.parameters).toEqual([expect.objectContaining({ name: "api_key", sensitive: true }), expect.not.objectContaining({ sensitive: true })]);
    const exported = await api("GET", "/toolsets/export");
    expect(JSON.stringify(exported.body)).toContain('"sensitive":true');
  });

  it("change nothing tools/list shows", async () => {
    const tool = await toolWithSecret();
    const { result } = await mcp("tools/list");
    const listed = result.tools.find((candidate: { name: string }) => candidate.name === tool.mcpName);
    expect(listed.inputSchema).toEqual({
      type: "object",
      properties: { api_key: { type: "string" }, host: { type: "string" } },
      additionalProperties: false,
    });
  });

  it("must be true or false", async () => {
    const toolset = await createToolset();
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools`, {
      id: freshId("tool"),
      name: "Bad",
      cypher: "RETURN $k AS k",
      parameters: [{ name: "k", type: "string", sensitive: "yes" }],
    });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "parameters.0.sensitive", message: "must be true or false" })]);
  });
});
