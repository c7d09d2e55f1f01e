// Toolsets, tools and their parameters: the stored definitions and the REST inputs, as zod
// schemas from which the TypeScript types (and later the OpenAPI document) derive.
import { MAX_STATEMENT_LENGTH } from "../cypher/length";
import { z } from "zod";
import { createInput, importFlags, updateInput, replaceInput } from "../kit/schemas";
import { parameterTypes, type ParameterType } from "./parameter-types";
import { cacheTtlSeconds } from "../results/cache-ttl";

/**
 * Joined as {parent}__{child} (toolset and tool, skillset and skill), two ids make at most 64
 * characters: many MCP clients cap tool names at 64 even though the protocol allows 128
 * (upstream Seizu's limit too).
 */
const ID_MAX = 31;

/** An id that is one half of an MCP name `{parent}__{child}`: what it is, and which name it is part of. */
export function joinedNameId(parent: string, child: string, names: string) {
  return z
    .string({ error: "must be a string" })
    .min(1, { message: "must not be empty", abort: true })
    .max(ID_MAX, `must be at most ${ID_MAX} characters, so that {${parent}_id}__{${child}_id} fits the 64 characters MCP clients allow`)
    .regex(/^[a-z][a-z0-9_]*$/, "must be lower_snake_case: a lowercase letter, then lowercase letters, digits or underscores")
    .refine((id) => !id.includes("__"), `must not contain a double underscore, which separates ${parent} and ${child} in ${names}`)
    .describe("Immutable lower_snake_case id");
}

export const resourceId = joinedNameId("toolset", "tool", "MCP tool names");

/** The longest text a parameter's default may be. */
const DEFAULT_MAX_CHARACTERS = 10_000;

/** A parameter's default: a scalar (its type is checked against the parameter's), text of bounded length. */
export const parameterDefault = z.union(
  [z.string().max(DEFAULT_MAX_CHARACTERS, `must be at most ${DEFAULT_MAX_CHARACTERS} characters`), z.number(), z.boolean(), z.null()],
  { error: "must be a string, a number, true or false, or null" },
);

/** Whether a JSON value is acceptable for a parameter of the given type. */
export function matchesType(type: ParameterType, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isSafeInteger(value);
    case "float":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
  }
}

/** The fields of a parameter of a tool's Cypher or a skill's template. */
function parameterFields(placeholder: string, requiredByDefault: boolean) {
  return {
    name: z
      .string({ error: "must be a string" })
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, `must be ${placeholder}: a letter or underscore, then letters, digits or underscores`)
      .max(64, "must be at most 64 characters")
      .refine((name) => name !== "__proto__", "must not be __proto__, which no call could pass: the argument would be read as its object's prototype"),
    type: z.enum(parameterTypes, { error: `must be one of ${parameterTypes.join(", ")}` }),
    description: z.string({ error: "must be a string" }).max(2000, "must be at most 2000 characters").default(""),
    required: z.boolean({ error: "must be true or false" }).default(requiredByDefault),
    default: parameterDefault.optional(),
  };
}

/** A default must be of the parameter's type. */
function defaultOfItsType(parameter: { type: ParameterType; default?: unknown }, ctx: z.RefinementCtx): void {
  if (parameter.default !== undefined && parameter.default !== null && !matchesType(parameter.type, parameter.default)) {
    ctx.addIssue({ code: "custom", path: ["default"], message: `must be a ${parameter.type} like the parameter's type` });
  }
}

/**
 * A parameter of a tool's Cypher or a skill's template: `placeholder` says what its name must be,
 * `requiredByDefault` whether it is required when it does not say.
 */
export function parameterSchemaFor(placeholder: string, requiredByDefault: boolean) {
  return z.object(parameterFields(placeholder, requiredByDefault)).strict().superRefine(defaultOfItsType);
}

/** A tool parameter whose values the audit log never stores (audit/arguments.ts); absent is false. */
const sensitiveField = z
  .boolean({ error: "must be true or false" })
  .optional()
  .describe("The audit log never stores this parameter's values, under any AUDIT_ARGUMENTS (default false)");

/** A definition's parameters: at most 50, each named once. */
export function parameterList<P extends z.ZodType<{ name: string }>>(parameter: P) {
  return z
    .array(parameter)
    .max(50, "must have at most 50 parameters")
    .default([])
    .superRefine((parameters, ctx) => {
      const seen = new Set<string>();
      parameters.forEach(({ name }, index) => {
        if (seen.has(name)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `duplicates parameter ${name}` });
        seen.add(name);
      });
    });
}

/** A tool's parameter: the fields every parameter has, and whether the audit log may store its values. */
export const parameterSchema = z
  .object({ ...parameterFields("a Cypher parameter name", false), sensitive: sensitiveField })
  .strict()
  .superRefine(defaultOfItsType);
export type Parameter = z.output<typeof parameterSchema>;

/** The fields every toolset, tool, skillset and skill has. */
export const definitionFields = {
  name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  description: z.string({ error: "must be a string" }).max(4000, "must be at most 4000 characters").default(""),
  enabled: z.boolean({ error: "must be true or false" }).default(true),
};

export const toolsetBody = z.object(definitionFields).strict();
export type ToolsetBody = z.output<typeof toolsetBody>;

export const toolBody = z
  .object({
    name: definitionFields.name,
    description: definitionFields.description,
    cypher: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(MAX_STATEMENT_LENGTH, `must be at most ${MAX_STATEMENT_LENGTH} characters`),
    parameters: parameterList(parameterSchema),
    enabled: definitionFields.enabled,
    cache_ttl_seconds: cacheTtlSeconds.optional(),
  })
  .strict();
export type ToolBody = z.output<typeof toolBody>;

/** The id of the built-in toolset, the read-only view of the built-in tools. */
export const BUILTIN_TOOLSET_ID = "seizu" as const;

/** Toolset ids the API itself uses: the built-in toolset and the import/export routes. */
export const RESERVED_TOOLSET_IDS = [BUILTIN_TOOLSET_ID, "import", "export"];

const toolsetId = resourceId.refine((id) => !RESERVED_TOOLSET_IDS.includes(id), { message: `is reserved (${RESERVED_TOOLSET_IDS.join(", ")})` });

export const createToolsetInput = createInput(toolsetBody, toolsetId, "toolset_id");
export const updateToolsetInput = updateInput(toolsetBody);
export const replaceToolsetInput = replaceInput(toolsetBody);
export const createToolInput = createInput(toolBody, resourceId, "tool_id");
export const updateToolInput = updateInput(toolBody);
export const replaceToolInput = replaceInput(toolBody);

export const callInput = z.object({ arguments: z.record(z.string(), z.unknown(), { error: "must be an object of argument values" }).default({}) }).strict();
export type CallInput = z.output<typeof callInput>;

/**
 * A record whose keys are ids. zod reports a bad record key only as "Invalid key in record";
 * checking keys here keeps the id's own message and puts it at the key's path.
 */
export function keyedBy<V extends z.ZodType>(key: z.ZodType<string>, value: V) {
  return z.record(z.string(), value).superRefine((record, ctx) => {
    for (const id of Object.keys(record)) {
      const result = key.safeParse(id);
      if (!result.success) ctx.addIssue({ code: "custom", path: [id], message: result.error.issues[0]?.message ?? "is not a valid id" });
    }
  });
}

/** A whole set of toolsets with their tools, keyed by id: the import body and export shape. */
export const toolsetDocument = keyedBy(toolsetId, toolsetBody.extend({ tools: keyedBy(resourceId, toolBody).default({}) }));
export type ToolsetDocument = z.output<typeof toolsetDocument>;

export const importInput = z
  .object({
    toolsets: toolsetDocument,
    ...importFlags,
  })
  .strict();
export type ImportInput = z.output<typeof importInput>;
