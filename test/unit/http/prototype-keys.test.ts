import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { installPlugin } from "../../support/plugins";
import { createSkill, createSkillset } from "../../support/skillsets";
import { summarise } from "../../support/skills";
import { createTool, createToolset, freshId } from "../../support/toolsets";
import { mcp } from "../../support/mcp-app";

const FORBIDDEN = `"__proto__" is not allowed as a key: it would be read as the object's prototype and lost`;

/** Arguments as a client sends them, from JSON text: `__proto__` stays an own key. */
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

let toolset: string;
let tool: string;
let skillset: string;
let skill: string;
let skillPrompt: string;
let pluginPrompt: string;

beforeAll(async () => {
  toolset = (await createToolset()).id;
  tool = (await createTool(toolset, { cypher: "RETURN $a AS a", parameters: [{ name: "a", type: "string", default: "default" }] })).id;
  skillset = (await createSkillset()).id;
  const created = await createSkill(skillset, summarise);
  skill = created.id;
  skillPrompt = created.prompt_name;
  pluginPrompt = `${(await installPlugin()).id}__triage`;
});

describe("__proto__ in MCP arguments", () => {
  it("is a tool error naming it for a user tool, not a call with the default", async () => {
    const { result } = await mcp("tools/call", { name: `${toolset}__${tool}`, arguments: json('{"__proto__": {"a": "evil"}}') });
    expect(result).toMatchObject({ isError: true, content: [{ text: `Invalid arguments for ${toolset}__${tool}: arguments.__proto__: ${FORBIDDEN}` }] });
  });

  it("is a tool error naming it for a built-in tool", async () => {
    const { result } = await mcp("tools/call", { name: "toolsets__get", arguments: json(`{"toolset_id": "${toolset}", "__proto__": "x"}`) });
    expect(result).toMatchObject({ isError: true, content: [{ text: `Invalid arguments for toolsets__get: arguments.__proto__: ${FORBIDDEN}` }] });
  });

  it("is a tool error naming its path inside graph__query's parameters", async () => {
    const { result } = await mcp("tools/call", {
      name: "graph__query",
      arguments: json('{"query": "RETURN $p AS p", "parameters": {"p": {"b": 2, "__proto__": {"a": 1}}}}'),
    });
    expect(result).toMatchObject({ isError: true, content: [{ text: `Invalid arguments for graph__query: arguments.parameters.p.__proto__: ${FORBIDDEN}` }] });
  });

  it("is refused inside a built-in write's body before anyone is asked to approve it, and nothing is written", async () => {
    const id = freshId("proto");
    const { result } = await mcp("tools/call", {
      name: "toolsets__create_tool",
      arguments: json(
        `{"toolset_id": "${toolset}", "tool_id": "${id}", "name": "P", "cypher": "RETURN 1", "parameters": [{"name": "a", "type": "string", "__proto__": {"required": true}}]}`,
      ),
    });
    expect(result).toMatchObject({
      isError: true,
      content: [{ text: `Invalid arguments for toolsets__create_tool: arguments.parameters.0.__proto__: ${FORBIDDEN}` }],
    });
    expect((await api("GET", `/toolsets/${toolset}/tools/${id}`)).status).toBe(404);
  });

  it("is -32602 naming it for a skillset skill's prompt", async () => {
    const { error } = await mcp("prompts/get", { name: skillPrompt, arguments: json('{"host": "web-1", "__proto__": {"limit": "9"}}') });
    expect(error).toEqual({ code: -32602, message: `Invalid arguments for prompt ${skillPrompt}: arguments.__proto__: ${FORBIDDEN}` });
  });

  it("is -32602 naming it for a plugin skill's prompt", async () => {
    const { error } = await mcp("prompts/get", { name: pluginPrompt, arguments: json('{"__proto__": "x"}') });
    expect(error).toEqual({ code: -32602, message: `Invalid arguments for prompt ${pluginPrompt}: arguments.__proto__: ${FORBIDDEN}` });
  });
});

describe("__proto__ in REST bodies", () => {
  const field = (name: string) => ({ field: name, rule: "forbidden_key", message: FORBIDDEN });

  it("is a 422 naming arguments.__proto__ for a tool call", async () => {
    const { status, body } = await api("POST", `/toolsets/${toolset}/tools/${tool}/call`, '{"arguments": {"__proto__": {"a": "evil"}}}');
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([field("arguments.__proto__")]);
  });

  it("is a 422 naming its path inside an ad-hoc query's parameters", async () => {
    const { status, body } = await api("POST", "/graph/query", '{"cypher": "RETURN $p AS p", "parameters": {"p": {"b": 2, "__proto__": {"a": 1}}}}');
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([field("parameters.p.__proto__")]);
  });

  it("is a 422 for a skill's render arguments", async () => {
    const { status, body } = await api("POST", `/skillsets/${skillset}/skills/${skill}/render`, '{"arguments": {"host": "a", "__proto__": {"limit": "9"}}}');
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([field("arguments.__proto__")]);
  });

  it("is a 422 at the top of a write's body, which writes nothing", async () => {
    const id = freshId("proto");
    const { status, body } = await api("POST", "/toolsets", `{"id": "${id}", "name": "Proto", "__proto__": {"enabled": false}}`);
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([field("__proto__")]);
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });
});

describe("__proto__ as a declared parameter name, which no call could pass", () => {
  it.each([
    ["a tool", () => `/toolsets/${toolset}/tools`, { cypher: "RETURN $__proto__ AS p" }],
    ["a skill", () => `/skillsets/${skillset}/skills`, { template: "{% $__proto__ %}" }],
  ])("is refused for %s", async (_kind, collection, definition) => {
    const parameters = [{ name: "__proto__", type: "string" }];
    const refused = await api("POST", collection(), { id: freshId("proto"), name: "Proto", ...definition, parameters });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toContainEqual(
      expect.objectContaining({ field: "parameters.0.name", message: expect.stringContaining("must not be __proto__") }),
    );
  });
});

describe("constructor and prototype keys", () => {
  const value = { constructor: 1, prototype: 2, toString: 3 };

  it("reach Neo4j unchanged inside graph__query's parameters", async () => {
    const { result } = await mcp("tools/call", { name: "graph__query", arguments: { query: "RETURN $p AS p", parameters: { p: value } } });
    expect(result.structuredContent).toEqual({ results: [{ p: value }] });
    expect((await api("POST", "/graph/query", { cypher: "RETURN $p AS p", parameters: { p: value } })).body).toEqual({ results: [{ p: value }] });
  });

  it("are refused by name where no such argument exists, on a tool and a prompt", async () => {
    const { result } = await mcp("tools/call", { name: `${toolset}__${tool}`, arguments: { prototype: "x" } });
    expect(result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("arguments.prototype: is not a parameter of this tool") }] });
    const { error } = await mcp("prompts/get", { name: skillPrompt, arguments: { host: "a", constructor: "x" } });
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining("arguments.constructor: is not a parameter of this skill") });
  });
});
