import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createSkill, createSkillset } from "../../support/skillsets";
import { summarise } from "../../support/skills";
import { mcp, promptNames } from "../../support/mcp-app";

describe("skills as MCP prompts", () => {
  it("declares the prompts capability", async () => {
    const { result } = await mcp("server/discover");
    expect(result.capabilities.prompts).toEqual({ listChanged: false });
  });

  it("lists an enabled skill as {skillset}__{skill} with its arguments", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, summarise);
    const prompt = (await mcp("prompts/list")).result.prompts.find((p: { name: string }) => p.name === skill.prompt_name);
    expect(prompt).toEqual({
      name: `${skillset.id}__${skill.id}`,
      title: "Summarise a host",
      description: "Summarises what the graph knows about one host",
      arguments: [
        { name: "host", description: "Host name", required: true },
        { name: "limit", description: "Lines (integer)", required: false },
        { name: "verbose", description: "(boolean)", required: false },
      ],
    });
  });

  it("leaves out disabled skills and the skills of disabled skillsets", async () => {
    const skillset = await createSkillset();
    const off = await createSkill(skillset.id, { enabled: false });
    const disabledSet = await createSkillset({ enabled: false });
    const inDisabledSet = await createSkill(disabledSet.id);
    const names = await promptNames();
    expect(names).not.toContain(off.prompt_name);
    expect(names).not.toContain(inDisabledSet.prompt_name);
  });

  it("gets a prompt with its arguments substituted", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, summarise);
    const { result } = await mcp("prompts/get", { name: skill.prompt_name, arguments: { host: "web-1", limit: "3" } });
    expect(result).toMatchObject({
      description: "Summarises what the graph knows about one host",
      messages: [{ role: "user", content: { type: "text", text: "Summarise host web-1 in at most 3 lines." } }],
    });
  });

  it("refuses bad arguments with a JSON-RPC error naming them", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, summarise);
    const { error } = await mcp("prompts/get", { name: skill.prompt_name, arguments: { limit: "lots" } });
    expect(error?.code).toBe(-32602);
    expect(error?.message).toContain("arguments.host: is required");
    expect(error?.message).toContain("arguments.limit: must be a integer");
  });

  it("refuses a disabled skill's prompt as unknown", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id);
    await api("PATCH", `/skillsets/${skillset.id}/skills/${skill.id}`, { enabled: false, base_version: 1 });
    const { error } = await mcp("prompts/get", { name: skill.prompt_name });
    expect(error).toMatchObject({ code: -32602, message: `Prompt ${skill.prompt_name} not found (or disabled)` });
  });

  it("serves a prompt again once its skill is enabled", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { enabled: false, template: "Ready." });
    await api("PATCH", `/skillsets/${skillset.id}/skills/${skill.id}`, { enabled: true, base_version: 1 });
    expect((await mcp("prompts/get", { name: skill.prompt_name })).result.messages[0].content.text).toBe("Ready.");
  });
});
