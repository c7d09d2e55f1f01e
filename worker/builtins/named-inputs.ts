// The hand-written input schemas a definition names (`input_schema`, `param_overrides.<field>.
// input_schema`, from tool-inputs.ts), looked up, and what must hold of them against the
// operation: the name exists; a whole input is an object whose arguments are the operation's
// fields and leaves out none it requires; and the operation's own schema takes every example.
// A call is parsed by that schema, so a named schema that shows what it refuses would mislead.
import { z } from "zod";
import { issuesOf } from "../input";
import type { Operation } from "../operations/operation";
import type { ToolDefinition } from "./definition-schema";
import type { DefinitionIssue } from "./load-definitions";
import { operationFields } from "./operation-fields";

/** Schemas by the name a definition gives them. */
export type ToolInputCatalogue = Record<string, z.ZodType>;

export interface NamedInputs {
  /** The whole input, in place of the derived one. */
  whole?: z.ZodObject;
  /** Single arguments, by the operation field they fill. */
  fields: Record<string, z.ZodType>;
}

const lookUp = (catalogue: ToolInputCatalogue, name: string | undefined) => (name && Object.hasOwn(catalogue, name) ? catalogue[name] : undefined);

export function namedInputs(definition: ToolDefinition, catalogue: ToolInputCatalogue): NamedInputs {
  const whole = lookUp(catalogue, definition.input_schema);
  const fields = Object.entries(definition.param_overrides ?? {}).flatMap(([field, override]) => {
    const schema = lookUp(catalogue, override.input_schema);
    return schema ? [[field, schema] as const] : [];
  });
  return { whole: whole instanceof z.ZodObject ? whole : undefined, fields: Object.fromEntries(fields) };
}

/** The zod schema of each field the operation takes (a body that is not one object has none). */
function fieldSchemas(operation: Operation): Record<string, z.ZodType> {
  const body = operation.body instanceof z.ZodObject ? operation.body.shape : {};
  return { ...(operation.params?.shape ?? {}), ...body } as Record<string, z.ZodType>;
}

const examplesOf = (schema: z.ZodType): unknown[] => {
  const examples = schema.meta()?.examples;
  return Array.isArray(examples) ? examples : [];
};

/** The first complaint of a refused example, as `field: message`. */
const firstIssue = (error: z.ZodError, prefix = "") => {
  const issue = issuesOf(error, prefix)[0]!;
  return `${issue.field}: ${issue.message}`;
};

export function namedInputProblems(definition: ToolDefinition, operation: Operation, catalogue: ToolInputCatalogue): DefinitionIssue[] {
  const problems: DefinitionIssue[] = [];
  const { operationId } = operation;
  const fields = fieldSchemas(operation);
  const known = `schemas: ${Object.keys(catalogue).join(", ") || "none"}`;

  const named = (name: string, path: (string | number)[]) => {
    const schema = lookUp(catalogue, name);
    if (!schema) problems.push({ path, message: `${name} is not a schema of worker/builtins/tool-inputs.ts (${known})` });
    else if (examplesOf(schema).length === 0) problems.push({ path, message: `${name} has no examples to check against ${operationId}'s own schema` });
    return schema;
  };

  for (const [field, override] of Object.entries(definition.param_overrides ?? {})) {
    const path = ["param_overrides", field];
    const own = fields[field];
    if (!own) {
      problems.push({ path, message: `is not a field of ${operationId} (fields: ${Object.keys(fields).join(", ") || "none"})` });
      continue;
    }
    const schema = override.input_schema && named(override.input_schema, [...path, "input_schema"]);
    if (!schema) continue;
    examplesOf(schema).forEach((example, index) => {
      const parsed = own.safeParse(example);
      if (!parsed.success)
        problems.push({
          path: [...path, "input_schema"],
          message: `${override.input_schema}'s example ${index + 1} is refused by ${operationId}'s own schema: ${firstIssue(parsed.error, field)}`,
        });
    });
  }

  if (definition.input_schema) {
    const path = ["input_schema"];
    const schema = named(definition.input_schema, path);
    if (!schema) return problems;
    if (!(schema instanceof z.ZodObject)) return [...problems, { path, message: `${definition.input_schema} is not an object of arguments` }];
    problems.push(...wholeInputProblems(definition, operation, schema));
  }
  return problems;
}

/** A whole input's arguments against the operation's fields, and its examples parsed as a call is. */
function wholeInputProblems(definition: ToolDefinition, operation: Operation, schema: z.ZodObject): DefinitionIssue[] {
  const problems: DefinitionIssue[] = [];
  const path = ["input_schema"];
  const name = definition.input_schema;
  const { operationId } = operation;
  const { params, body } = operationFields(operation);
  const renames = definition.param_renames ?? {};
  const fieldOf = new Map(
    Object.keys(schema.shape).map((argument) => [argument, Object.keys(renames).find((field) => renames[field] === argument) ?? argument]),
  );
  const fields = [...Object.keys(params.properties ?? {}), ...Object.keys(body.properties ?? {})];
  for (const [argument, field] of fieldOf) {
    if (!fields.includes(field))
      problems.push({ path, message: `${name}'s argument ${argument} is not a field of ${operationId} (fields: ${fields.join(", ")})` });
  }
  const given = new Set(fieldOf.values());
  for (const field of [...(params.required ?? []), ...(body.required ?? [])]) {
    if (!given.has(field)) problems.push({ path, message: `${name} leaves out ${renames[field] ?? field}, which ${operationId} requires` });
  }
  if (problems.length > 0) return problems;

  const paramNames = new Set(Object.keys(params.properties ?? {}));
  examplesOf(schema).forEach((example, index) => {
    const split: { params: Record<string, unknown>; body: Record<string, unknown> } = { params: {}, body: {} };
    for (const [argument, value] of Object.entries(example as Record<string, unknown>)) {
      const field = fieldOf.get(argument) ?? argument;
      (paramNames.has(field) ? split.params : split.body)[field] = value;
    }
    for (const part of ["params", "body"] as const) {
      const parsed = operation[part]?.safeParse(split[part]);
      if (parsed && !parsed.success)
        problems.push({ path, message: `${name}'s example ${index + 1} is refused by ${operationId}'s own schema: ${firstIssue(parsed.error)}` });
    }
  });
  return problems;
}
