// Skills (of skillsets and of Agent Plugins) as MCP prompts through the real SDK clients: v2 on
// revision 2026-07-28, v1 on the 2025 revisions, against the Worker under wrangler dev.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectV1, connectV2 } from "../support/mcp-clients";
import { base64, pluginZip, skillMarkdown } from "../support/plugin-zip";
import { rest } from "../support/rest";
import { summarise } from "../support/skills";
import { startWorker, type RunningWorker } from "../support/worker";

let worker: RunningWorker;
const skillset = `prompts_${Date.now().toString(36)}`;
const name = `${skillset}__summarise`;
const plugin = `${skillset}_plugin`;
const pluginPrompt = `${plugin}__incident-review`;
const mcpUrl = () => `${worker.url}/api/v1/mcp`;

beforeAll(async () => {
  worker = await startWorker();
  const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBe(201);
  ok(await rest(worker.url, "POST", "/skillsets", { id: skillset, name: "Prompts e2e" }));
  ok(await rest(worker.url, "POST", `/skillsets/${skillset}/skills`, { id: "summarise", ...summarise }));
  ok(await rest(worker.url, "POST", `/skillsets/${skillset}/skills`, { id: "off", name: "Off", template: "x", enabled: false }));
  const zip = pluginZip({ id: plugin, skills: { "incident-review": skillMarkdown("incident-review", "Review an incident", "Review the incident.\n") } });
  ok(await rest(worker.url, "POST", "/plugins/install", { package_base64: base64(zip) }));
});
afterAll(async () => {
  await worker?.stop();
});

const ours = (prompts: { name: string }[]) => prompts.map((prompt) => prompt.name).filter((n) => n.startsWith(skillset));
const TEXT = "Summarise host web-1 in at most 6 lines.";

describe("prompts with the v2 client (2026-07-28)", () => {
  it("lists the enabled skill with its arguments", async () => {
    const client = await connectV2(mcpUrl());
    const { prompts } = await client.listPrompts();
    expect(ours(prompts)).toEqual([name, pluginPrompt]);
    expect(prompts.find((prompt) => prompt.name === name)?.arguments).toEqual([
      { name: "host", description: "Host name", required: true },
      { name: "limit", description: "Lines (integer)", required: false },
      { name: "verbose", description: "(boolean)", required: false },
    ]);
  });

  it("gets the prompt with its arguments substituted", async () => {
    const client = await connectV2(mcpUrl());
    const result = await client.getPrompt({ name, arguments: { host: "web-1", limit: "6" } });
    expect(result.messages).toEqual([{ role: "user", content: { type: "text", text: TEXT } }]);
  });

  it("gets a plugin skill's prompt from R2", async () => {
    const client = await connectV2(mcpUrl());
    const result = await client.getPrompt({ name: pluginPrompt });
    expect(result.messages).toEqual([{ role: "user", content: { type: "text", text: "Review the incident.\n" } }]);
  });

  it("rejects a missing required argument", async () => {
    const client = await connectV2(mcpUrl());
    await expect(client.getPrompt({ name, arguments: {} })).rejects.toThrow(/arguments.host: is required/);
  });
});

describe.each(["2025-11-25", "2025-03-26"] as const)("prompts with the v1 client (%s)", (version) => {
  it("lists and gets the prompt", async () => {
    const { client } = await connectV1(mcpUrl(), version);
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: false });
    expect(ours((await client.listPrompts()).prompts)).toEqual([name, pluginPrompt]);
    const result = await client.getPrompt({ name, arguments: { host: "web-1", limit: "6" } });
    expect(result.messages).toEqual([{ role: "user", content: { type: "text", text: TEXT } }]);
    await client.close();
  });

  it("refuses the disabled skill's prompt", async () => {
    const { client } = await connectV1(mcpUrl(), version);
    await expect(client.getPrompt({ name: `${skillset}__off` })).rejects.toThrow(/not found \(or disabled\)/);
    await client.close();
  });
});
