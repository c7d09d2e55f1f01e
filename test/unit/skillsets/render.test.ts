import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createSkill, createSkillset } from "../../support/skillsets";
import { summarise } from "../../support/skills";

async function summariseSkill() {
  const skillset = await createSkillset();
  const skill = await createSkill(skillset.id, summarise);
  return { render: (args?: unknown) => api("POST", `/skillsets/${skillset.id}/skills/${skill.id}/render`, args), skillset, skill };
}

describe("rendering a skill", () => {
  it("substitutes each placeholder, defaults included, and leaves an omitted optional empty", async () => {
    const { render } = await summariseSkill();
    const { status, body } = await render({ arguments: { host: "web-1" } });
    expect(status).toBe(200);
    expect(body).toEqual({ text: "Summarise host web-1 in at most 5 lines." });
  });

  it("takes typed values as JSON or as the strings MCP prompt arguments are", async () => {
    const { render } = await summariseSkill();
    expect((await render({ arguments: { host: "db", limit: 3, verbose: true } })).body.text).toBe("Summarise host db in at most 3 lines.true");
    expect((await render({ arguments: { host: "db", limit: "3", verbose: "false" } })).body.text).toBe("Summarise host db in at most 3 lines.false");
  });

  it("refuses a missing required argument, a wrong type and an unknown name, each by name", async () => {
    const { render } = await summariseSkill();
    const { status, body } = await render({ arguments: { limit: "many", colour: "red" } });
    expect(status).toBe(422);
    expect(body.error.fields.map((issue: { field: string; rule: string }) => [issue.field, issue.rule])).toEqual([
      ["arguments.colour", "unknown_parameter"],
      ["arguments.host", "required"],
      ["arguments.limit", "invalid_type"],
    ]);
  });

  it("renders a skill without parameters with no body at all", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { template: "Plain {text}" });
    expect((await api("POST", `/skillsets/${skillset.id}/skills/${skill.id}/render`)).body).toEqual({ text: "Plain {text}" });
  });

  it("answers 400 for a disabled skill", async () => {
    const { render, skillset, skill } = await summariseSkill();
    await api("PATCH", `/skillsets/${skillset.id}/skills/${skill.id}`, { enabled: false, base_version: 1 });
    const { status, body } = await render({ arguments: { host: "x" } });
    expect(status).toBe(400);
    expect(body.error.message).toContain("is disabled");
  });

  it("answers 400 for a skill of a disabled skillset", async () => {
    const { render, skillset } = await summariseSkill();
    await api("PATCH", `/skillsets/${skillset.id}`, { enabled: false, base_version: 1 });
    expect((await render({ arguments: { host: "x" } })).status).toBe(400);
  });

  it("answers 404 for an unknown skill", async () => {
    const skillset = await createSkillset();
    expect((await api("POST", `/skillsets/${skillset.id}/skills/missing/render`)).status).toBe(404);
  });
});
