// Skillsets and their skills: the stored definitions and the REST inputs. A skill is a prompt
// template with typed parameters; enabled skills of enabled skillsets are served as MCP prompts
// named {skillset_id}__{skill_id}. Field names follow upstream Seizu's skillsets.
import { z } from "zod";
import { createInput, importFlags, updateInput } from "../kit/schemas";
import { parameterTypes } from "../toolsets/parameter-types";
import { joinedNameId, keyedBy, matchesType, parameterDefault } from "../toolsets/schemas";

export const skillId = joinedNameId("skillset", "skill", "MCP prompt names");

/** Skillset ids the API itself uses: the import and export routes. */
const RESERVED_SKILLSET_IDS = ["import", "export"];
export const skillsetId = skillId.refine((id) => !RESERVED_SKILLSET_IDS.includes(id), { message: `is reserved (${RESERVED_SKILLSET_IDS.join(", ")})` });

/** `required` defaults to true, as in upstream Seizu: a skill's parameters are usually its point. */
export const skillParameterSchema = z
  .object({
    name: z
      .string({ error: "must be a string" })
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a placeholder name: a letter or underscore, then letters, digits or underscores")
      .max(64, "must be at most 64 characters")
      .refine((name) => name !== "__proto__", "must not be __proto__, which no call could pass: the argument would be read as its object's prototype"),
    type: z.enum(parameterTypes, { error: `must be one of ${parameterTypes.join(", ")}` }),
    description: z.string({ error: "must be a string" }).max(2000, "must be at most 2000 characters").default(""),
    required: z.boolean({ error: "must be true or false" }).default(true),
    default: parameterDefault.optional(),
  })
  .strict()
  .superRefine((parameter, ctx) => {
    if (parameter.default !== undefined && parameter.default !== null && !matchesType(parameter.type, parameter.default)) {
      ctx.addIssue({ code: "custom", path: ["default"], message: `must be a ${parameter.type} like the parameter's type` });
    }
  });
export type SkillParameter = z.output<typeof skillParameterSchema>;

/** A tool a skill needs: a user tool {toolset_id}__{tool_id} or a built-in {group}__{action}; 64 characters at most, as tool names here are. */
const toolName = z
  .string({ error: "must be a string" })
  .max(64, { message: "must be at most 64 characters", abort: true })
  .regex(/^[a-z][a-z0-9_]*?__[a-z][a-z0-9_]*$/, "must be an MCP tool name: {toolset_id}__{tool_id} or a built-in {group}__{action}");

const name = z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const description = z.string({ error: "must be a string" }).max(4000, "must be at most 4000 characters").default("");
const enabled = z.boolean({ error: "must be true or false" }).default(true);

/** Keeps the first of each value, in order: a list that names something twice means it once. */
const unique = <T>(values: T[]) => [...new Set(values)];

export const skillsetBody = z.object({ name, description, enabled }).strict();
export type SkillsetBody = z.output<typeof skillsetBody>;

export const skillBody = z
  .object({
    name,
    description,
    template: z.string({ error: "must be a string" }).min(1, "must not be empty").max(100_000, "must be at most 100000 characters"),
    parameters: z
      .array(skillParameterSchema)
      .max(50, "must have at most 50 parameters")
      .default([])
      .superRefine((parameters, ctx) => {
        const seen = new Set<string>();
        parameters.forEach((parameter, index) => {
          if (seen.has(parameter.name)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `duplicates parameter ${parameter.name}` });
          seen.add(parameter.name);
        });
      }),
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

export const createSkillsetInput = createInput(skillsetBody, skillsetId);
export const updateSkillsetInput = updateInput(skillsetBody);
export const createSkillInput = createInput(skillBody, skillId);
export const updateSkillInput = updateInput(skillBody);

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
  })
  .strict();
export type SkillsetImportInput = z.output<typeof skillsetImportInput>;
