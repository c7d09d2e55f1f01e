// prompts/get with argument values that are not strings, on the raw wire of 2026-07-28 and of
// 2025-11-25: a JSON-RPC -32602 with a sentence naming the argument and the rule, for skillset
// skills and plugin skills alike, never -32603 with zod's issue list.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { mcpRequest } from "../../support/mcp-request";
import { installPlugin } from "../../support/plugins";
import { createSkill, createSkillset } from "../../support/skillsets";
import { summarise } from "../../support/skills";

const app = createApp();

type Reply = { result?: any; error?: { code: number; message: string } };

async function modern(method: string, params: Record<string, unknown>): Promise<Reply> {
  return (await (await app.fetch(mcpRequest(method, params), env)).json()) as Reply;
}

/** The same request as a 2025-era client sends it: no per-request envelope, answered as JSON or one SSE event. */
async function legacy(method: string, params: Record<string, unknown>): Promise<Reply> {
  const response = await app.fetch(
    new Request("http://127.0.0.1/api/v1/mcp", {
      method: "POST",
      headers: { host: "127.0.0.1", "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
    }),
    env,
  );
  const text = await response.text();
  const data = response.headers.get("content-type")?.includes("text/event-stream") ? text.match(/^data: (.*)$/m)![1]! : text;
  return JSON.parse(data) as Reply;
}

let skillPrompt: string;
let pluginPrompt: string;

beforeAll(async () => {
  const skillset = await createSkillset();
  skillPrompt = (await createSkill(skillset.id, summarise)).prompt_name;
  pluginPrompt = `${(await installPlugin()).id}__triage`;
});

describe.each([
  ["2026-07-28", modern],
  ["2025-11-25", legacy],
])("prompts/get with non-string arguments on %s", (_revision, send) => {
  it.each([
    ["a number", { host: "web-1", limit: 3 }, 'arguments.limit: must be a string, as every MCP prompt argument is; got number (send it as "3")'],
    ["a boolean", { host: "web-1", verbose: true }, 'arguments.verbose: must be a string, as every MCP prompt argument is; got boolean (send it as "true")'],
    ["null", { host: null }, "arguments.host: must be a string, as every MCP prompt argument is; got null"],
    ["an object", { host: { name: "web-1" } }, "arguments.host: must be a string, as every MCP prompt argument is; got object"],
    ["a list", { host: ["web-1"] }, "arguments.host: must be a string, as every MCP prompt argument is; got a list"],
  ])("refuses %s for a skillset skill with -32602 naming the argument", async (_kind, args, message) => {
    const reply = await send("prompts/get", { name: skillPrompt, arguments: args });
    expect(reply.error).toEqual({ code: -32602, message: `Invalid arguments for prompt ${skillPrompt}: ${message}` });
  });

  it("refuses a number for a plugin skill with -32602 naming the argument", async () => {
    const reply = await send("prompts/get", { name: pluginPrompt, arguments: { depth: 2 } });
    expect(reply.error).toEqual({
      code: -32602,
      message: `Invalid arguments for prompt ${pluginPrompt}: arguments.depth: must be a string, as every MCP prompt argument is; got number (send it as "2")`,
    });
  });

  it("refuses arguments that are not an object", async () => {
    const reply = await send("prompts/get", { name: skillPrompt, arguments: ["web-1"] });
    expect(reply.error).toEqual({
      code: -32602,
      message: `Invalid arguments for prompt ${skillPrompt}: arguments: must be an object whose values are strings`,
    });
  });

  it("still renders string arguments", async () => {
    const reply = await send("prompts/get", { name: skillPrompt, arguments: { host: "web-1", limit: "3" } });
    expect(reply.result.messages[0].content.text).toBe("Summarise host web-1 in at most 3 lines.");
  });
});
