// One version of a toolset, tool, skillset or skill as upstream Seizu answers it (its CLI's
// `version-get` reads the item's own fields): the definition and the item's ids flat beside this
// project's entry, whose nested `definition` stays.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { callTool } from "../../support/mcp-app";
import { createSkill, createSkillset } from "../../support/skillsets";
import { createTool, createToolset } from "../../support/toolsets";

describe("GET …/versions/{n} answers the version flat, as upstream Seizu does", () => {
  it("a toolset's version carries toolset_id and its fields beside the nested definition", async () => {
    const toolset = await createToolset({ name: "Flat" });
    const { status, body } = await api("GET", `/toolsets/${toolset.id}/versions/1`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ toolset_id: toolset.id, name: "Flat", enabled: true, version: 1, definition: { name: "Flat" } });
    expect(body.created_by).toBe(body.author);
  });

  it("a tool's version carries toolset_id, tool_id and its cypher", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: "RETURN 7 AS seven" });
    const { body } = await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}/versions/1`);
    expect(body).toMatchObject({
      toolset_id: toolset.id,
      tool_id: tool.id,
      cypher: "RETURN 7 AS seven",
      version: 1,
      definition: { cypher: "RETURN 7 AS seven" },
    });
  });

  it("a skillset's and a skill's versions carry their ids and fields", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id);
    expect((await api("GET", `/skillsets/${skillset.id}/versions/1`)).body).toMatchObject({ skillset_id: skillset.id, name: expect.any(String) });
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}/versions/1`)).body).toMatchObject({
      skillset_id: skillset.id,
      skill_id: skill.id,
      template: expect.any(String),
    });
  });

  it("the MCP tool answers the same flat version", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const result = await callTool("toolsets__get_tool_version", { toolset_id: toolset.id, tool_id: tool.id, version: 1 });
    expect(result.structuredContent).toMatchObject({ toolset_id: toolset.id, tool_id: tool.id, version: 1 });
  });
});
