import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createSkill, createSkillset } from "../../support/skillsets";
import { freshId } from "../../support/toolsets";

describe("skillsets REST", () => {
  it("creates a skillset at version 1 with its defaults", async () => {
    const id = freshId("ss");
    const { status, body } = await api("POST", "/skillsets", { id, name: "Ops" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ id, name: "Ops", description: "", enabled: true, version: 1, created_by: "local-admin" });
    expect((await api("GET", "/skillsets")).body.skillsets.map((s: { id: string }) => s.id)).toContain(id);
  });

  it.each([
    ["Upper", "lower_snake_case"],
    ["a__b", "separates skillset and skill in MCP prompt names"],
    ["a".repeat(32), "{skillset_id}__{skill_id}"],
  ])("rejects the skillset id %j, naming the rule", async (id, message) => {
    const { status, body } = await api("POST", "/skillsets", { id, name: "Bad" });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "id", message: expect.stringContaining(message) });
  });

  it("deletes a skillset with its skills and their history", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id);
    expect((await api("DELETE", `/skillsets/${skillset.id}`)).status).toBe(204);
    expect((await api("GET", `/skillsets/${skillset.id}`)).status).toBe(404);
    await api("POST", "/skillsets", { id: skillset.id, name: "Reborn" });
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}`)).status).toBe(404);
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}/versions`)).status).toBe(404);
  });
});
