import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { summarise } from "../../support/skills";
import { createTool, createToolset, freshId } from "../../support/toolsets";

function document(skillsetId: string, skill: Record<string, unknown> = summarise) {
  return { [skillsetId]: { name: "Seeded", skills: { summary: skill } } };
}

describe("skillsets import and export", () => {
  it("creates skillsets and skills in one go, then reports them unchanged", async () => {
    const id = freshId("seed");
    const first = await api("POST", "/skillsets/import", { skillsets: document(id) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.entries).toEqual([
      { kind: "skillset", skillset_id: id, action: "created" },
      { kind: "skill", skillset_id: id, skill_id: "summary", action: "created" },
    ]);
    expect((await api("GET", `/skillsets/${id}/skills/summary`)).body).toMatchObject({ template: summarise.template, version: 1 });
    const again = await api("POST", "/skillsets/import", { skillsets: document(id) });
    expect(again.body.entries.map((entry: { action: string }) => entry.action)).toEqual(["unchanged", "unchanged"]);
  });

  it("writes nothing when any skill breaks a rule, naming it by its path", async () => {
    const [good, bad] = [freshId("seed"), freshId("seed")];
    const { status, body } = await api("POST", "/skillsets/import", {
      skillsets: { ...document(good), ...document(bad, { name: "Bad", template: "{% $nobody %}" }) },
    });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: `skillsets.${bad}.skills.summary.template`, rule: "unknown_placeholder" })]);
    expect((await api("GET", `/skillsets/${good}`)).status).toBe(404);
  });

  it("checks required tools against the tools that exist", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const id = freshId("seed");
    const skill = { name: "Needs", template: "x", tools_required: [`${toolset.id}__${tool.id}`, "nowhere__nothing"] };
    const { body } = await api("POST", "/skillsets/import", { skillsets: document(id, skill) });
    expect(body.error.fields).toEqual([expect.objectContaining({ field: `skillsets.${id}.skills.summary.tools_required.1`, rule: "unknown_tool" })]);
  });

  it("keeps upstream's chat-only tools (sandbox__*, ext__{proxy}__*) a skill requires, naming each in a warning", async () => {
    const id = freshId("seed");
    const skill = { name: "Upstream", template: "x", tools_required: ["graph__query", "sandbox__delegate", "ext__github__search_code"] };
    const { status, body } = await api("POST", "/skillsets/import", { skillsets: document(id, skill) });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.warnings).toEqual([
      {
        field: `skillsets.${id}.skills.summary.tools_required.1`,
        rule: "unavailable_tool",
        message: expect.stringContaining("names sandbox__delegate, one of upstream Seizu's chat-only tools"),
      },
      { field: `skillsets.${id}.skills.summary.tools_required.2`, rule: "unavailable_tool", message: expect.stringContaining("kept, but unavailable here") },
    ]);
    expect((await api("GET", `/skillsets/${id}/skills/summary`)).body.tools_required).toEqual(skill.tools_required);
  });

  it("counts planned_tools as existing in a dry run: the tools the same seed file creates", async () => {
    const id = freshId("seed");
    const skill = { name: "Needs", template: "x", tools_required: ["later__count"] };
    const dry = await api("POST", "/skillsets/import", { skillsets: document(id, skill), dry_run: true, planned_tools: ["later__count"] });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, warnings: [] });
  });

  it("refuses planned_tools on a write, which checks the tools that exist", async () => {
    const id = freshId("seed");
    const { status, body } = await api("POST", "/skillsets/import", { skillsets: document(id), planned_tools: ["later__count"] });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "planned_tools", rule: "dry_run_only", message: "is only for dry runs: a write checks the tools that exist" }]);
    expect((await api("GET", `/skillsets/${id}`)).status).toBe(404);
  });

  it("changes nothing on a dry run", async () => {
    const id = freshId("seed");
    const { body } = await api("POST", "/skillsets/import", { skillsets: document(id), dry_run: true });
    expect(body).toMatchObject({ dry_run: true, entries: [{ action: "created" }, { action: "created" }] });
    expect((await api("GET", `/skillsets/${id}`)).status).toBe(404);
  });

  it("exports in the shape import takes, so importing the export changes nothing", async () => {
    const id = freshId("seed");
    await api("POST", "/skillsets/import", { skillsets: document(id) });
    const exported = await api("GET", "/skillsets/export");
    expect(exported.body.skillsets[id].skills.summary).toMatchObject({ template: summarise.template, triggers: summarise.triggers });
    const reimported = await api("POST", "/skillsets/import", { skillsets: exported.body.skillsets });
    expect(reimported.body.entries.every((entry: { action: string }) => entry.action === "unchanged")).toBe(true);
  });

  it.each(["import", "export"])("reserves the skillset id %s", async (id) => {
    const { status, body } = await api("POST", "/skillsets", { id, name: "Reserved" });
    expect(status).toBe(422);
    expect(body.error.fields[0].message).toContain("is reserved");
  });
});
