import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { base64, freshPluginId, installPlugin, pluginZip, skillMarkdown } from "../../support/plugins";
import { mcp, promptNames } from "../../support/mcp-app";

describe("plugin skills as MCP prompts", () => {
  it("lists each enabled skill of an enabled plugin as {plugin_id}__{skill}", async () => {
    const plugin = await installPlugin({
      skills: { triage: skillMarkdown("triage", "Triage an alert"), "write-up": skillMarkdown("write-up", "Write it up") },
    });
    const prompts = (await mcp("prompts/list")).result.prompts.filter((prompt: { name: string }) => prompt.name.startsWith(`${plugin.id}__`));
    expect(prompts).toEqual([
      { name: `${plugin.id}__triage`, title: "triage", description: "Triage an alert", arguments: [] },
      { name: `${plugin.id}__write-up`, title: "write-up", description: "Write it up", arguments: [] },
    ]);
  });

  it("gets the SKILL.md's markdown after its frontmatter", async () => {
    const plugin = await installPlugin({ skills: { triage: skillMarkdown("triage", "Triage", "# Triage\n\nCheck {% $x %} literally.\n") } });
    const { result } = await mcp("prompts/get", { name: `${plugin.id}__triage` });
    expect(result.messages).toEqual([{ role: "user", content: { type: "text", text: "# Triage\n\nCheck {% $x %} literally.\n" } }]);
  });

  it("hides a toggled-off skill and every skill of a disabled plugin", async () => {
    const plugin = await installPlugin({ skills: { one: skillMarkdown("one", "One"), two: skillMarkdown("two", "Two") } });
    await api("PATCH", `/plugins/${plugin.id}/skills/one`, { enabled: false });
    expect((await promptNames()).filter((name: string) => name.startsWith(plugin.id))).toEqual([`${plugin.id}__two`]);
    expect((await mcp("prompts/get", { name: `${plugin.id}__one` })).error?.code).toBe(-32602);
    await api("PATCH", `/plugins/${plugin.id}`, { enabled: false });
    expect((await promptNames()).filter((name: string) => name.startsWith(plugin.id))).toEqual([]);
  });

  it("serves the current revision's skills after a publish", async () => {
    const plugin = await installPlugin();
    await api("POST", `/plugins/${plugin.id}/publish`, {
      package_base64: base64(pluginZip({ id: plugin.id, skills: { fresh: skillMarkdown("fresh", "Fresh") } })),
      base_revision: 1,
    });
    expect((await promptNames()).filter((name: string) => name.startsWith(plugin.id))).toEqual([`${plugin.id}__fresh`]);
  });

  it("refuses arguments to a plugin prompt by name", async () => {
    const plugin = await installPlugin();
    const { error } = await mcp("prompts/get", { name: `${plugin.id}__triage`, arguments: { x: "1" } });
    expect(error?.message).toContain("arguments.x: is not a parameter");
  });
});

describe("plugins__* built-in tools", () => {
  it("holds plugins__install for a person's approval, then installs", async () => {
    const id = freshPluginId();
    const args = { package_base64: base64(pluginZip({ id })) };
    const asked = await mcp("tools/call", { name: "plugins__install", arguments: args });
    expect(asked.result.structuredContent).toMatchObject({ confirmation_required: true, confirmation: { tool: "plugins__install" } });
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
    await api("POST", `/confirmations/${asked.result.structuredContent.confirmation.id}/approve`);
    const { result } = await mcp("tools/call", { name: "plugins__install", arguments: args });
    expect(result.structuredContent).toMatchObject({ id, revision: 1 });
  });

  it("validates a package with plugins__validate without asking anyone", async () => {
    const id = freshPluginId();
    const { result } = await mcp("tools/call", { name: "plugins__validate", arguments: { package_base64: base64(pluginZip({ id })) } });
    expect(result.structuredContent).toMatchObject({ valid: true, plugin_id: id, skills: ["triage"] });
  });
});
