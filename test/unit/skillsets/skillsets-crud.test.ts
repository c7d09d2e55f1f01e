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

  it("rejects a duplicate skillset id with 409", async () => {
    const skillset = await createSkillset();
    expect((await api("POST", "/skillsets", { id: skillset.id, name: "Again" })).status).toBe(409);
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

  it("changes, versions and restores a skillset", async () => {
    const skillset = await createSkillset({ description: "one" });
    const updated = await api("PATCH", `/skillsets/${skillset.id}`, { description: "two", base_version: 1, comment: "reworded" });
    expect(updated.body).toMatchObject({ version: 2, description: "two" });
    const restored = await api("POST", `/skillsets/${skillset.id}/versions/1/restore`);
    expect(restored.body).toMatchObject({ version: 3, description: "one" });
    const versions = await api("GET", `/skillsets/${skillset.id}/versions`);
    expect(versions.body.versions.map((v: { version: number; comment: string }) => [v.version, v.comment])).toEqual([
      [3, "Restored from version 1"],
      [2, "reworded"],
      [1, ""],
    ]);
  });

  it("refuses a stale skillset update with 409 and keeps the winner's change", async () => {
    const skillset = await createSkillset();
    await api("PATCH", `/skillsets/${skillset.id}`, { name: "Winner", base_version: 1 });
    expect((await api("PATCH", `/skillsets/${skillset.id}`, { name: "Loser", base_version: 1 })).status).toBe(409);
    expect((await api("GET", `/skillsets/${skillset.id}`)).body.name).toBe("Winner");
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
