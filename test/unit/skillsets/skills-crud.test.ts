import { describe, expect, it } from "vitest";
import { type ApiOptions, api, postItem } from "../../support/api";
import { createSkill, createSkillset } from "../../support/skillsets";
import { summarise } from "../../support/skills";
import { createTool, createToolset, freshId } from "../../support/toolsets";

/** A skill of `fields` posted to a new skillset. */
const postSkill = async (fields: Record<string, unknown>, options?: ApiOptions) =>
  postItem(`/skillsets/${(await createSkillset()).id}/skills`, { id: freshId("skill"), name: "Skill", template: "x", ...fields }, options);

describe("skills REST: create and read", () => {
  it("creates a skill with typed parameters, required by default, and its prompt name", async () => {
    const skillset = await createSkillset();
    const id = freshId("summary");
    const { status, body } = await api("POST", `/skillsets/${skillset.id}/skills`, { id, ...summarise });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id, skillset_id: skillset.id, prompt_name: `${skillset.id}__${id}`, enabled: true, version: 1, tools_required: [] });
    expect(body.parameters).toEqual([
      { name: "host", type: "string", description: "Host name", required: true },
      { name: "limit", type: "integer", description: "Lines", required: true, default: 5 },
      { name: "verbose", type: "boolean", description: "", required: false },
    ]);
    expect(body.triggers).toEqual(["summarise host", "host summary"]);
    expect((await api("GET", `/skillsets/${skillset.id}/skills`)).body.skills.map((s: { id: string }) => s.id)).toEqual([id]);
  });

  it("answers 404 for skills of an unknown skillset, and writes nothing", async () => {
    expect((await api("POST", "/skillsets/no_such_skillset/skills", { id: "orphan", name: "Orphan", template: "x" })).status).toBe(404);
    expect((await api("GET", "/skillsets/no_such_skillset/skills")).status).toBe(404);
  });

  it("allows the same skill id in another skillset: prompt names carry the skillset", async () => {
    const [first, second] = [await createSkillset(), await createSkillset()];
    const skill = await createSkill(first.id);
    expect((await api("POST", `/skillsets/${second.id}/skills`, { id: skill.id, name: "Twin", template: "z" })).status).toBe(201);
  });
});

describe("skills REST: templates", () => {
  it("refuses a placeholder that names no parameter, with its position, and writes nothing", async () => {
    const { status, body, path } = await postSkill({ template: "Hello {% $who %},\nmeet {% $whom %}.", parameters: [{ name: "who", type: "string" }] });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([
      { field: "template", rule: "unknown_placeholder", message: expect.stringContaining("$whom"), line: 2, column: 6, offset: 23 },
    ]);
    expect((await api("GET", path)).status).toBe(404);
  });

  it.each([["{% if x %}"], ["{{ $who }} then {%$who"], ["{% who %}"]])("refuses the template %j: nothing but placeholders of parameters", async (template) => {
    const { status, body } = await postSkill({ template, parameters: [{ name: "who", type: "string" }] });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "template", rule: "malformed_placeholder" });
  });

  it("refuses an update that leaves a placeholder without its parameter, and keeps the skill as it was", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { ...summarise });
    const { status, body } = await api("PATCH", `/skillsets/${skillset.id}/skills/${skill.id}`, { parameters: [], base_version: 1 });
    expect(status).toBe(422);
    expect(body.error.fields.map((issue: { rule: string }) => issue.rule)).toEqual(["unknown_placeholder", "unknown_placeholder", "unknown_placeholder"]);
    const kept = await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}`);
    expect(kept.body).toMatchObject({ version: 1, parameters: [{ name: "host" }, { name: "limit" }, { name: "verbose" }] });
  });

  it("refuses a default that is not of the parameter's type", async () => {
    const { status, body } = await postSkill({ template: "{% $n %}", parameters: [{ name: "n", type: "integer", default: "five" }] });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "parameters.0.default", message: "must be a integer like the parameter's type" });
  });
});

describe("skills REST: required tools", () => {
  it("accepts existing user and built-in tools", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { enabled: false });
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { tools_required: [`${toolset.id}__${tool.id}`, "graph__query", "graph__query"] });
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}`)).body.tools_required).toEqual([`${toolset.id}__${tool.id}`, "graph__query"]);
  });

  it("refuses a tool that does not exist, naming its position", async () => {
    const { status, body } = await postSkill({ tools_required: ["graph__query", "nowhere__nothing"] });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "tools_required.1", rule: "unknown_tool", message: expect.stringContaining("nowhere__nothing") }]);
  });

  it("refuses a name that is not an MCP tool name", async () => {
    const { status, body } = await postSkill({ tools_required: ["query"] });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "tools_required.0", message: expect.stringContaining("{toolset_id}__{tool_id}") });
  });

  it("refuses a built-in tool whose group this server does not serve", async () => {
    const { status } = await postSkill({ tools_required: ["graph__query"] }, { vars: { MCP_ENABLED_BUILTINS: "roles" } });
    expect(status).toBe(422);
  });
});

describe("skills REST: history", () => {
  it("versions and restores a skill, checking the restored template again", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "one" });
    await api("PATCH", `/skillsets/${skillset.id}/skills/${skill.id}`, { template: "two", base_version: 1, comment: "second" });
    const restored = await api("POST", `/skillsets/${skillset.id}/skills/${skill.id}/versions/1/restore`);
    expect(restored.body).toMatchObject({ version: 3, template: "one" });
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}/versions/2`)).body).toMatchObject({
      comment: "second",
      definition: { template: "two" },
    });
  });

  it("refuses to restore a version whose required tool is gone", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { tools_required: [`${toolset.id}__${tool.id}`] });
    await api("PATCH", `/skillsets/${skillset.id}/skills/${skill.id}`, { tools_required: [], base_version: 1 });
    await api("DELETE", `/toolsets/${toolset.id}/tools/${tool.id}`);
    const { status, body } = await api("POST", `/skillsets/${skillset.id}/skills/${skill.id}/versions/1/restore`);
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "tools_required.0", rule: "unknown_tool" });
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}`)).body.version).toBe(2);
  });
});
