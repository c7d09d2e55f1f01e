// Parsing untrusted input with a zod schema into a ValidationError that names each field.
import type { z } from "zod";
import { ValidationError, type FieldIssue } from "./errors/domain";

/** A refinement's issue names its rule in `params.rule` ("too_deep"); any other issue's rule is its zod code. */
export function ruleOf(issue: z.core.$ZodIssue): string {
  const rule = issue.code === "custom" ? issue.params?.rule : undefined;
  return typeof rule === "string" ? rule : issue.code;
}

export function issuesOf(error: z.ZodError, prefix = ""): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return { field: path || "(body)", rule: ruleOf(issue), message: issue.message };
  });
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(issuesOf(result.error, prefix));
  return result.data;
}
