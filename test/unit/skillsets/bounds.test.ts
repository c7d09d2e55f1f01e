// The bounds of skillsets and skills (README, Limits): at most 50 parameters, 50 triggers and 50
// required tools (duplicates dropped), tool names of at most 64 characters, defaults that are
// scalars of the parameter's type (text of at most 10,000 characters), never a nested value.
// Each refusal is a 422 naming the field and the rule, and writes nothing.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { nested, PAST_DATABASE_DEPTH } from "../../support/nesting";
import { REFUSED_DEFAULTS, refusedImport } from "../../support/bounds";
import { createSkill, createSkillset } from "../../support/skillsets";

/** Creates a skill with `fields`, expects a 422, and checks the skill does not exist. */
async function refusedCreate(fields: Record<string, unknown>) {
  const skillset = await createSkillset();
  const { status, body } = await api("POST", `/skillsets/${skillset.id}/skills`, { id: "s", name: "S", template: "Say {% $x %}.", ...fields });
  expect(status, JSON.stringify(body).slice(0, 500)).toBe(422);
  expect((await api("GET", `/skillsets/${skillset.id}/skills/s`)).status).toBe(404);
  return body.error.fields as { field: string; rule: string; message: string }[];
}

const withParameter = (fields: Record<string, unknown>) => ({ parameters: [{ name: "x", type: "string", ...fields }] });

describe("skills: bounds", () => {
  it.each([
    ["triggers", { triggers: Array.from({ length: 51 }, (_, i) => `phrase ${i}`) }, "must have at most 50 triggers"],
    ["tools_required", { tools_required: Array.from({ length: 51 }, () => "graph__query") }, "must name at most 50 tools"],
    [
      "parameters",
      { parameters: Array.from({ length: 51 }, (_, i) => ({ name: `p${i}`, type: "string", required: false })) },
      "must have at most 50 parameters",
    ],
  ])("refuses more %s than the bound, naming the list", async (field, fields, message) => {
    expect(await refusedCreate({ ...withParameter({}), ...fields })).toEqual([{ field, rule: "too_big", message }]);
  });

  it("keeps each trigger and required tool once", async () => {
    const skillset = await createSkillset();
    const skill = await createSkill(skillset.id, { triggers: ["a", "b", "a"], tools_required: ["graph__query", "graph__query"] });
    expect((await api("GET", `/skillsets/${skillset.id}/skills/${skill.id}`)).body).toMatchObject({ triggers: ["a", "b"], tools_required: ["graph__query"] });
  });

  it("refuses a required tool name longer than 64 characters, naming it", async () => {
    const fields = await refusedCreate({ ...withParameter({}), tools_required: [`graph__${"q".repeat(60)}`] });
    expect(fields).toEqual([{ field: "tools_required.0", rule: "too_big", message: "must be at most 64 characters" }]);
  });

  it.each(REFUSED_DEFAULTS)("refuses %s, naming it", async (_what, parameter, error) => {
    expect(await refusedCreate(withParameter(parameter))).toEqual([{ field: "parameters.0.default", ...error }]);
  });

  it("refuses an import past a bound, naming the skill's field, and writes nothing", async () => {
    const skill = { name: "S", template: "Say {% $x %}.", ...withParameter({ default: "x".repeat(10_001) }) };
    const { id, fields } = await refusedImport("skillsets", { s: skill });
    expect(fields).toEqual([expect.objectContaining({ field: `skillsets.${id}.skills.s.parameters.0.default`, rule: "too_big" })]);
  });
});

describe("skillsets: bounds", () => {
  it("refuses a nested value where the name goes, naming it, and leaves the skillset as it was", async () => {
    const skillset = await createSkillset();
    const { status, body } = await api("PATCH", `/skillsets/${skillset.id}`, { name: nested(PAST_DATABASE_DEPTH), base_version: 1 });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "name", rule: "invalid_type", message: "must be a string" }]);
    expect((await api("GET", `/skillsets/${skillset.id}`)).body).toMatchObject({ version: 1, name: "Test skillset" });
  });
});
