// MCP tools/call and prompts/get recorded through the real queue: one event per call, however it
// ended, with the caller the token established, the client the request names, the tool and
// version that ran, the rows, the durations and the arguments.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { drainedEventsOf, eventsOf, freshAgent, mcpAs } from "../../support/audit-calls";
import { createTool, createToolset } from "../../support/toolsets";
import { installPlugin, skillMarkdown } from "../../support/plugins";
import { createSkill, createSkillset } from "../../support/skillsets";

const CLIENT_INFO = "io.modelcontextprotocol/clientInfo";

async function userTool(overrides: Record<string, unknown> = {}) {
  const toolset = await createToolset();
  const tool = await createTool(toolset.id, overrides);
  return { ...tool, toolsetId: toolset.id, mcpName: `${toolset.id}__${tool.id}` };
}

const call = (agent: string, name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}, vars?: Record<string, string>) =>
  mcpAs(agent, "tools/call", { name, arguments: args, ...extra }, vars);

describe("MCP tools/call in the audit log", () => {
  it("records a user tool's call: caller, client from _meta, tool and version, rows, durations, arguments", async () => {
    const tool = await userTool({ cypher: "UNWIND range(1, $n) AS i RETURN i", parameters: [{ name: "n", type: "integer", required: true }] });
    const agent = freshAgent();
    const reply = await call(agent, tool.mcpName, { n: 3 }, { _meta: { [CLIENT_INFO]: { name: "claude-code", version: "2.1.0" } } });
    expect(reply.result.isError).toBeUndefined();
    const [event, ...more] = await eventsOf(agent);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      kind: "tool_call",
      action: "tools/call",
      outcome: "ok",
      via: "mcp",
      principal_subject: "local-admin",
      client_name: "claude-code",
      client_version: "2.1.0",
      user_agent: agent,
      target: tool.mcpName,
      resource_type: "tool",
      resource_id: `${tool.toolsetId}/${tool.id}`,
      resource_version: tool.current_version,
      rows: 3,
      truncated: 0,
    });
    expect(event!.detail).toEqual({ arguments: { n: 3 } });
    expect(event!.duration_ms).toBeGreaterThan(0);
    expect(event!.neo4j_ms).toBeGreaterThan(0);
    expect(event!.neo4j_ms!).toBeLessThanOrEqual(event!.duration_ms!);
  });

  it("records a request that names no client with a null name and version, the user agent kept", async () => {
    const tool = await userTool();
    const agent = freshAgent();
    await call(agent, tool.mcpName, {});
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ client_name: null, client_version: null, user_agent: agent, outcome: "ok" });
  });

  it("records a truncated result as truncated, with the rows it returned", async () => {
    const tool = await userTool({ cypher: "UNWIND range(1, 50) AS i RETURN i" });
    const agent = freshAgent();
    await call(agent, tool.mcpName, {}, {}, { MCP_TOOL_RESULT_MAX_ROWS: "4" });
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "ok", rows: 4, truncated: 1 });
  });

  it("records arguments the tool refuses as invalid", async () => {
    const tool = await userTool({ cypher: "RETURN $n AS n", parameters: [{ name: "n", type: "integer", required: true }] });
    const agent = freshAgent();
    const reply = await call(agent, tool.mcpName, { n: "three" });
    expect(reply.result.isError).toBe(true);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "tool_call", outcome: "invalid", resource_id: `${tool.toolsetId}/${tool.id}`, rows: null });
  });

  it("records a query Neo4j refuses while running as a tool error, with Neo4j's message", async () => {
    const tool = await userTool({ cypher: "RETURN 1 / $zero AS boom", parameters: [{ name: "zero", type: "integer", default: 0 }] });
    const agent = freshAgent();
    const reply = await call(agent, tool.mcpName, {});
    expect(reply.result.isError).toBe(true);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "tool_error" });
    expect(event!.detail.error).toMatch(/by zero/i);
  });

  it("records an unreachable Neo4j as neo4j_error", async () => {
    const tool = await userTool();
    const agent = freshAgent();
    const reply = await call(agent, tool.mcpName, {}, {}, { NEO4J_URL: "http://127.0.0.1:9" });
    expect(reply.result.isError).toBe(true);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "neo4j_error", target: tool.mcpName });
  });

  it("records an unknown tool as invalid, named as the caller named it", async () => {
    const agent = freshAgent();
    const reply = await call(agent, "no_such__tool", {});
    expect(reply.error.code).toBe(-32602);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "tool_call", outcome: "invalid", target: "no_such__tool", resource_type: null });
  });

  it("records a result served from the edge cache with detail.cache = hit", async () => {
    const tool = await userTool({ cypher: "RETURN 7 AS seven", cache_ttl_seconds: 60 });
    const agent = freshAgent();
    await call(agent, tool.mcpName, {});
    await call(agent, tool.mcpName, {});
    const events = await eventsOf(agent, 2);
    expect(events.map((event) => event.detail.cache ?? null)).toEqual([null, "hit"]);
    expect(events[1]).toMatchObject({ outcome: "ok", rows: 1, neo4j_ms: null });
  });

  it("records graph__query as a graph query, with its rows", async () => {
    const agent = freshAgent();
    const reply = await call(agent, "graph__query", { query: "UNWIND [1, 2] AS i RETURN i" });
    expect(reply.result.isError).toBeUndefined();
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({
      kind: "graph_query",
      action: "tools/call",
      outcome: "ok",
      target: "graph__query",
      resource_id: "seizu/graph__query",
      rows: 2,
    });
    expect(event!.detail.arguments).toEqual({ query: "UNWIND [1, 2] AS i RETURN i" });
    expect(event!.neo4j_ms).toBeGreaterThan(0);
  });

  it("records a call past the caller's rate limit as rate_limited", async () => {
    const tool = await userTool();
    const agent = freshAgent();
    const limited = { RATE_LIMITS_ENABLED: "true" };
    // The pool's budget is 5 calls a minute (vitest.config.ts), kept per client without sign-in.
    for (let attempt = 0; attempt < 6; attempt += 1) await call(agent, tool.mcpName, {}, {}, limited);
    const events = await eventsOf(agent, 6);
    expect(events.map((event) => event.outcome)).toContain("rate_limited");
    expect(events).toHaveLength(6);
  });

  it("keeps the principal the token established and takes only a client's name and version from _meta", async () => {
    const tool = await userTool({ cypher: "RETURN $who AS who", parameters: [{ name: "who", type: "string" }] });
    const agent = freshAgent();
    await call(
      agent,
      tool.mcpName,
      { who: "x" },
      {
        _meta: {
          [CLIENT_INFO]: { name: "honest-client", version: "1.0", subject: "root", roles: ["seizu-admin"] },
          principal: { subject: "root", roles: ["seizu-admin"] },
          via: "rest",
          user_agent: "forged",
        },
      },
    );
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ principal_subject: "local-admin", via: "mcp", client_name: "honest-client", client_version: "1.0", user_agent: agent });
    expect(event!.detail_text).not.toContain("root");
  });
});

describe("MCP prompts/get in the audit log", () => {
  it("records a prompt's rendering with its arguments", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "Look at {{host}}", parameters: [{ name: "host", type: "string", required: true }] });
    const agent = freshAgent();
    const name = `${skillset.id}__${skill.id}`;
    const reply = await mcpAs(agent, "prompts/get", { name, arguments: { host: "web-1" } });
    expect(reply.result.messages).toHaveLength(1);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "prompt_get", action: "prompts/get", outcome: "ok", target: name });
    expect(event!.detail.arguments).toEqual({ host: "web-1" });
  });

  it("names the skill a prompt renders, at its version", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "Look around" });
    const agent = freshAgent();
    await mcpAs(agent, "prompts/get", { name: `${skillset.id}__${skill.id}` });
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "ok", resource_type: "skill", resource_id: `${skillset.id}/${skill.id}`, resource_version: 1 });
  });

  it("names the skill whose rendering it refused for its arguments", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "Look at {{host}}", parameters: [{ name: "host", type: "string", required: true }] });
    const agent = freshAgent();
    await mcpAs(agent, "prompts/get", { name: `${skillset.id}__${skill.id}`, arguments: {} });
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "invalid", resource_type: "skill", resource_id: `${skillset.id}/${skill.id}` });
  });

  it("names the plugin a plugin skill's prompt comes from, at its revision", async () => {
    const plugin = await installPlugin({ skills: { triage: skillMarkdown("triage", "Triage an alert") } });
    const agent = freshAgent();
    const reply = await mcpAs(agent, "prompts/get", { name: `${plugin.id}__triage` });
    expect(reply.result.messages).toHaveLength(1);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({
      outcome: "ok",
      target: `${plugin.id}__triage`,
      resource_type: "plugin",
      resource_id: plugin.id,
      resource_version: plugin.revision,
    });
  });

  it("names no resource for a prompt that does not exist", async () => {
    const agent = freshAgent();
    await mcpAs(agent, "prompts/get", { name: "nothing__here" });
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ outcome: "invalid", target: "nothing__here", resource_type: null, resource_id: null });
  });

  it("records a prompt refused for missing arguments as invalid", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "Look at {{host}}", parameters: [{ name: "host", type: "string", required: true }] });
    const agent = freshAgent();
    const reply = await mcpAs(agent, "prompts/get", { name: `${skillset.id}__${skill.id}`, arguments: {} });
    expect(reply.error.code).toBe(-32602);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "prompt_get", outcome: "invalid" });
  });
});

// Arguments the server refuses before the SDK parses the call (mcp/raw-arguments.ts): the call
// never reaches its handler, and is recorded all the same.
describe("MCP calls refused for their raw arguments in the audit log", () => {
  /** Arguments with an own `__proto__` key, as JSON.parse (and so the Worker) reads them. */
  const prototypeKeyed = () => JSON.parse('{"__proto__": {"admin": true}, "n": 1}') as Record<string, unknown>;

  it("records a tool call with an argument named __proto__ as invalid", async () => {
    const tool = await userTool();
    const agent = freshAgent();
    const reply = await call(agent, tool.mcpName, prototypeKeyed());
    expect(reply.result.isError).toBe(true);
    const [event, ...more] = await eventsOf(agent);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ kind: "tool_call", action: "tools/call", outcome: "invalid", target: tool.mcpName, principal_subject: "local-admin" });
  });

  it("records a prompt with an argument named __proto__ as invalid", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "Look around" });
    const agent = freshAgent();
    const reply = await mcpAs(agent, "prompts/get", { name: `${skillset.id}__${skill.id}`, arguments: prototypeKeyed() });
    expect(reply.error.code).toBe(-32602);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "prompt_get", action: "prompts/get", outcome: "invalid", target: `${skillset.id}__${skill.id}` });
    expect(event!.detail.error).toContain("__proto__");
  });

  it("records a prompt with an argument that is not a string as invalid", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "Look at {{host}}", parameters: [{ name: "host", type: "string", required: true }] });
    const agent = freshAgent();
    const reply = await mcpAs(agent, "prompts/get", { name: `${skillset.id}__${skill.id}`, arguments: { host: 7 } });
    expect(reply.error.code).toBe(-32602);
    const [event] = await eventsOf(agent);
    expect(event).toMatchObject({ kind: "prompt_get", outcome: "invalid", target: `${skillset.id}__${skill.id}` });
  });
});

// A REST read is not a call: nothing is recorded for it.
describe("what is not a call", () => {
  it("records nothing for tools/list or a definition read", async () => {
    const agent = freshAgent();
    await mcpAs(agent, "tools/list", {});
    await api("GET", "/toolsets", undefined, { headers: { "user-agent": agent } });
    expect(await drainedEventsOf(agent)).toEqual([]);
  });
});
