// Skillsets and their skills: the stored definitions and the REST inputs. A skill is a prompt
// template with typed parameters; enabled skills of enabled skillsets are served as MCP prompts
// named {skillset_id}__{skill_id}. Field names follow upstream Seizu's skillsets.
import { z } from "zod";
import { createInput, flatVersionEntry, importFlags, replaceInput, updateInput, versionEntry } from "../kit/schemas";
import { definitionFields, joinedNameId, keyedBy, parameterList, parameterSchemaFor } from "../toolsets/schemas";

export const skillId = joinedNameId("skillset", "skill", "MCP prompt names");

/** Skillset ids the API itself uses: the import and export routes. */
const RESERVED_SKILLSET_IDS = ["import", "export"];
export const skillsetId = skillId.refine((id) => !RESERVED_SKILLSET_IDS.includes(id), { message: `is reserved (${RESERVED_SKILLSET_IDS.join(", ")})` });

/** `required` defaults to true, as in upstream Seizu: a skill's parameters are usually its point. */
export const skillParameterSchema = parameterSchemaFor("a placeholder name", true);
export type SkillParameter = z.output<typeof skillParameterSchema>;

/** A tool a skill needs: a user tool {toolset_id}__{tool_id} or a built-in {group}__{action}; 64 characters at most, as tool names here are. */
const toolName = z
  .string({ error: "must be a string" })
  .max(64, { message: "must be at most 64 characters", abort: true })
  .regex(/^[a-z][a-z0-9_]*?__[a-z][a-z0-9_]*$/, "must be an MCP tool name: {toolset_id}__{tool_id} or a built-in {group}__{action}");

const { name, description, enabled } = definitionFields;

/** Keeps the first of each value, in order: a list that names something twice means it once. */
const unique = <T>(values: T[]) => [...new Set(values)];

export const skillsetBody = z.object({ name, description, enabled }).strict();
export type SkillsetBody = z.output<typeof skillsetBody>;

export const skillBody = z
  .object({
    name,
    description,
    template: z.string({ error: "must be a string" }).min(1, "must not be empty").max(100_000, "must be at most 100000 characters"),
    parameters: parameterList(skillParameterSchema),
    triggers: z
      .array(z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters"))
      .max(50, "must have at most 50 triggers")
      .transform(unique)
      .default([])
      .describe("Phrases that suggest the skill to a person or an agent"),
    tools_required: z
      .array(toolName)
      .max(50, "must name at most 50 tools")
      .transform(unique)
      .default([])
      .describe("MCP tools the skill uses; each must exist when the skill is written"),
    enabled,
  })
  .strict();
export type SkillBody = z.output<typeof skillBody>;

export const createSkillsetInput = createInput(skillsetBody, skillsetId, "skillset_id");
export const updateSkillsetInput = updateInput(skillsetBody);
export const replaceSkillsetInput = replaceInput(skillsetBody);
export const createSkillInput = createInput(skillBody, skillId, "skill_id");
export const updateSkillInput = updateInput(skillBody);
export const replaceSkillInput = replaceInput(skillBody);

/** Arguments of a render: JSON values, or strings that spell them (MCP prompt arguments are strings). */
export const renderInput = z.object({ arguments: z.record(z.string(), z.unknown(), { error: "must be an object of argument values" }).default({}) }).strict();
export type RenderInput = z.output<typeof renderInput>;

/** A whole set of skillsets with their skills, keyed by id: the import body and export shape. */
export const skillsetDocument = keyedBy(skillsetId, skillsetBody.extend({ skills: keyedBy(skillId, skillBody).default({}) }));
export type SkillsetDocument = z.output<typeof skillsetDocument>;

export const skillsetImportInput = z
  .object({
    skillsets: skillsetDocument,
    ...importFlags,
    planned_tools: z
      .array(toolName)
      .max(1000, "must name at most 1000 tools")
      .optional()
      .describe("Dry runs only: tools that count as existing, those the same seed file's toolsets: section creates"),
  })
  .strict()
  .refine((input) => input.planned_tools === undefined || input.dry_run, {
    path: ["planned_tools"],
    message: "is only for dry runs: a write checks the tools that exist",
    params: { rule: "dry_run_only" },
  });
export type SkillsetImportInput = z.output<typeof skillsetImportInput>;

/** One version of a skillset or skill, named so the client's types name them once. */
export const skillsetVersionEntry = versionEntry(skillsetBody);
export const skillVersionEntry = versionEntry(skillBody);
/** One version of a skillset or skill as upstream Seizu answers it (the versions/{n} routes). */
export const skillsetVersionDetail = flatVersionEntry(skillsetBody, { skillset_id: z.string() });
export const skillVersionDetail = flatVersionEntry(skillBody, { skillset_id: z.string(), skill_id: z.string() });
