// Table output of skillsets and skills: which fields people see, in what order.
// (--output json prints the server's objects instead, with every field.)
import type { ReplyOf } from "../worker/api";
import { fields, listTable, yesNo } from "./output";

type Skillset = ReplyOf<"skillsets_get">;
type Skill = ReplyOf<"skillsets_skill_get">;
type SkillsetDefinition = ReplyOf<"skillsets_version_get">["definition"];
type SkillDefinition = ReplyOf<"skillsets_skill_version_get">["definition"];

const DESCRIPTION_WIDTH = 60;

/** Lists (triggers, required tools, parameter names) as one line, comma-separated. */
const joined = (values: readonly string[]) => values.join(", ");

export function skillsetsTable(skillsets: Skillset[]) {
  return listTable(skillsets, "(no skillsets)", [
    { header: "ID", value: (s) => s.id },
    { header: "NAME", value: (s) => s.name },
    { header: "ENABLED", value: (s) => yesNo(s.enabled) },
    { header: "VERSION", value: (s) => s.version },
    { header: "DESCRIPTION", value: (s) => s.description, max: DESCRIPTION_WIDTH },
  ]);
}

export const skillsetDefinitionFields = (definition: SkillsetDefinition) =>
  fields([
    ["name", definition.name],
    ["description", definition.description],
    ["enabled", yesNo(definition.enabled)],
  ]);

export const skillsetFields = (skillset: Skillset) =>
  fields([
    ["id", skillset.id],
    ["name", skillset.name],
    ["description", skillset.description],
    ["enabled", yesNo(skillset.enabled)],
    ["version", skillset.version],
    ["updated", `${skillset.updated_at} by ${skillset.updated_by}`],
  ]);

export function skillsTable(skills: Skill[]) {
  return listTable(skills, "(no skills)", [
    { header: "ID", value: (s) => s.id },
    { header: "NAME", value: (s) => s.name },
    { header: "ENABLED", value: (s) => yesNo(s.enabled) },
    { header: "VERSION", value: (s) => s.version },
    { header: "PROMPT", value: (s) => s.prompt_name },
    { header: "DESCRIPTION", value: (s) => s.description, max: DESCRIPTION_WIDTH },
  ]);
}

export const skillDefinitionFields = (definition: SkillDefinition) =>
  fields([
    ["name", definition.name],
    ["description", definition.description],
    ["enabled", yesNo(definition.enabled)],
    ["parameters", joined(definition.parameters.map((parameter) => parameter.name))],
    ["triggers", joined(definition.triggers)],
    ["tools required", joined(definition.tools_required)],
    ["template", definition.template],
  ]);

export const skillFields = (skill: Skill) =>
  `${fields([
    ["id", skill.id],
    ["skillset", skill.skillset_id],
    ["prompt", skill.prompt_name],
    ["version", skill.version],
    ["updated", `${skill.updated_at} by ${skill.updated_by}`],
  ])}\n${skillDefinitionFields(skill)}`;
