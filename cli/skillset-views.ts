// Table output of skillsets and skills: which fields people see, in what order.
// (--output json prints the server's objects instead, with every field.)
import type { ReplyOf } from "../worker/api";
import { type Column, fields, listTable, yesNo } from "./output";
import { DEFINITION_COLUMNS } from "./views";

type Skillset = ReplyOf<"skillsets_get">;
type Skill = ReplyOf<"skillsets_skill_get">;
type SkillDefinition = ReplyOf<"skillsets_skill_version_get">["definition"];

const DESCRIPTION_WIDTH = 60;

/** Lists (triggers, required tools, parameter names) as one line, comma-separated. */
const joined = (values: readonly string[]) => values.join(", ");

/** The columns after a definition's: its version and what it is for. */
const VERSIONED_COLUMNS: Column<{ version: number; description: string }>[] = [
  { header: "VERSION", value: (d) => d.version },
  { header: "DESCRIPTION", value: (d) => d.description, max: DESCRIPTION_WIDTH },
];

export const skillsetsTable = (skillsets: Skillset[]) => listTable(skillsets, "(no skillsets)", [...DEFINITION_COLUMNS, ...VERSIONED_COLUMNS]);

export const skillsTable = (skills: Skill[]) =>
  listTable(skills, "(no skills)", [...DEFINITION_COLUMNS, ...VERSIONED_COLUMNS, { header: "PROMPT", value: (skill) => skill.prompt_name }]);

/** Who changed it last, and to which version. */
const changed = (resource: { version: number; updated_at: string; updated_by: string }): [string, unknown][] => [
  ["version", resource.version],
  ["updated", `${resource.updated_at} by ${resource.updated_by}`],
];

export const skillsetFields = (skillset: Skillset) =>
  fields([["id", skillset.id], ["name", skillset.name], ["description", skillset.description], ["enabled", yesNo(skillset.enabled)], ...changed(skillset)]);

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
  `${fields([["id", skill.id], ["skillset", skill.skillset_id], ["prompt", skill.prompt_name], ...changed(skill)])}\n${skillDefinitionFields(skill)}`;
