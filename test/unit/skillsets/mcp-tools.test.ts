import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createSkill, createSkillset } from "../../support/skillsets";
import { summarise } from "../../support/skills";
import { freshId } from "../../support/toolsets";
import { mcp } from "../../support/mcp-app";

describe("skillsets__* built-in tools", () => {
  it("holds skillsets__create_skill for a person's approval, then creates the skill", async () => {
    const skillset = await createSkillset();
    const id = freshId("viamcp");
    const args = { skillset_id: skillset.id, skill_id: id, name: "Made over MCP", template: "Hi {% $who %}", parameters: [{ name: "who", type: "string" }] };
    const asked = await mcp("tools/call", { name: "skillsets__create_skill", arguments: args });
    expect(asked.result.structuredContent).toMatchObject({
      confirmation_required: true,
      confirmation: { tool: "skillsets__create_skill", target: `/skillsets/${skillset.id}/skills/${id}` },
    });
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${id}`)).status).toBe(404);
    await api("POST", `/confirmations/${asked.result.structuredContent.confirmation.id}/approve`);
    const { result } = await mcp("tools/call", { name: "skillsets__create_skill", arguments: args });
    expect(result.structuredContent).toMatchObject({ id, prompt_name: `${skillset.id}__${id}`, version: 1 });
  });

  it("renders a skill with skillsets__render_skill without asking anyone", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, summarise);
    const { result } = await mcp("tools/call", {
      name: "skillsets__render_skill",
      arguments: { skillset_id: skillset.id, skill_id: skill.id, arguments: { host: "web-1", limit: 2 } },
    });
    expect(result.structuredContent).toEqual({ text: "Summarise host web-1 in at most 2 lines." });
  });

  it("reports a template's unknown placeholder as a tool error naming the field, before anyone is asked to approve it", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id);
    const args = { skillset_id: skillset.id, skill_id: skill.id, template: "{% $nobody %}", base_version: 1 };
    const { result } = await mcp("tools/call", { name: "skillsets__update_skill", arguments: args });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain("template: uses {% $nobody %}");
    expect(result.structuredContent?.confirmation).toBeUndefined();
  });
});
