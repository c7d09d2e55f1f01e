// Skillsets and plugins both serve prompts named {id}__{skill}: their ids are one namespace.
// Taking an id the other kind holds is a 409 naming it, over REST, MCP and import, and the
// write itself refuses it (not only a check before it), so a race cannot slip past.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../worker/app";
import { ConflictError } from "../../../worker/errors/domain";
import { skillsetResource } from "../../../worker/skillsets/resources";
import { PluginStore } from "../../../worker/plugins/store";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";
import { base64, blobKeys, freshPluginId, installPlugin, pluginZip } from "../../support/plugins";
import { createSkill, createSkillset } from "../../support/skillsets";

const app = createApp();

/** An MCP tools/call of a built-in that waits for approval: asked, approved, called again. */
async function approvedCall(name: string, args: Record<string, unknown>) {
  const call = async () => (await (await app.fetch(mcpRequest("tools/call", { name, arguments: args }), env)).json()) as { result: any };
  const asked = await call();
  expect(asked.result.structuredContent, JSON.stringify(asked.result)).toMatchObject({ confirmation_required: true });
  await api("POST", `/confirmations/${asked.result.structuredContent.confirmation.id}/approve`);
  return (await call()).result;
}

const pluginMessage = (id: string) => `skillset ${id} cannot be created: plugin ${id} is installed with that id, and both name prompts {id}__{skill}`;
const skillsetMessage = (id: string) => `plugin ${id} cannot be installed: skillset ${id} exists with that id, and both name prompts {id}__{skill}`;

describe("a skillset taking an installed plugin's id", () => {
  it("is refused over REST with 409 naming the plugin", async () => {
    const plugin = await installPlugin();
    const { status, body } = await api("POST", "/skillsets", { id: plugin.id, name: "Shadow" });
    expect(status).toBe(409);
    expect(body.error.message).toBe(pluginMessage(plugin.id));
    expect((await api("GET", `/skillsets/${plugin.id}`)).status).toBe(404);
  });

  it("is refused by skillsets__create", async () => {
    const plugin = await installPlugin();
    const result = await approvedCall("skillsets__create", { skillset_id: plugin.id, name: "Shadow" });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain(pluginMessage(plugin.id));
    expect((await api("GET", `/skillsets/${plugin.id}`)).status).toBe(404);
  });

  it("is refused by an import, dry run included, and nothing is written", async () => {
    const plugin = await installPlugin();
    const other = freshPluginId().replace("plg", "ss");
    const skillsets = { [other]: { name: "Fine", skills: {} }, [plugin.id]: { name: "Shadow", skills: { one: { name: "One", template: "x" } } } };
    for (const dry_run of [true, false]) {
      const { status, body } = await api("POST", "/skillsets/import", { skillsets, dry_run });
      expect(status).toBe(409);
      expect(body.error.message).toBe(`${pluginMessage(plugin.id)}. Nothing was imported.`);
    }
    expect((await api("GET", `/skillsets/${other}`)).status).toBe(404);
    expect((await api("GET", `/skillsets/${plugin.id}`)).status).toBe(404);
  });

  it("is refused by the write itself, whatever was checked before it", async () => {
    const plugin = await installPlugin();
    const write = skillsetResource(env.DB).store.create("", plugin.id, { name: "Raced", description: "", enabled: true }, { author: "racer" });
    await expect(write).rejects.toThrow(new ConflictError(pluginMessage(plugin.id)));
  });

  it("leaves one prompt per name, and prompts/get answering the plugin's", async () => {
    const plugin = await installPlugin();
    await api("POST", "/skillsets", { id: plugin.id, name: "Shadow" });
    await api("POST", `/skillsets/${plugin.id}/skills`, { id: "triage", name: "Shadow", template: "The skillset's triage." });
    const mcp = async (method: string, params?: Record<string, unknown>) =>
      ((await (await app.fetch(mcpRequest(method, params), env)).json()) as { result: any }).result;
    const names: string[] = (await mcp("prompts/list")).prompts.map((prompt: { name: string }) => prompt.name);
    expect(names.filter((name) => name === `${plugin.id}__triage`)).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
    expect((await mcp("prompts/get", { name: `${plugin.id}__triage` })).messages[0].content.text).toContain("Do the thing.");
  });
});

describe("a plugin taking a skillset's id", () => {
  it("is refused over REST with 409 naming the skillset, writing no blob", async () => {
    const skillset = await createSkillset();
    const before = await blobKeys();
    const { status, body } = await api("POST", "/plugins/install", { package_base64: base64(pluginZip({ id: skillset.id })) });
    expect(status).toBe(409);
    expect(body.error.message).toBe(skillsetMessage(skillset.id));
    expect(await blobKeys()).toEqual(before);
  });

  it("is refused by plugins__install", async () => {
    const skillset = await createSkillset();
    await createSkill(skillset.id);
    const result = await approvedCall("plugins__install", { package_base64: base64(pluginZip({ id: skillset.id })) });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain(skillsetMessage(skillset.id));
    expect((await api("GET", `/plugins/${skillset.id}`)).status).toBe(404);
  });

  it("is refused by the write itself, whatever was checked before it", async () => {
    const skillset = await createSkillset();
    const content = {
      manifest: { name: "Raced", extensions: { "com.mappedsky.seizu": { skillsetId: skillset.id } } },
      files: [],
      skills: [],
      contentDigest: "0".repeat(64),
      packageDigest: "0".repeat(64),
      packageSize: 0,
    };
    await expect(new PluginStore(env.DB).create(skillset.id, content, "racer", "")).rejects.toThrow(new ConflictError(skillsetMessage(skillset.id)));
    expect((await api("GET", `/plugins/${skillset.id}`)).status).toBe(404);
  });
});
