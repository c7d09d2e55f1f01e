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

/**
 * Every `__proto__` key in a parsed JSON value, at any depth, as an issue naming its path.
 * JSON.parse keeps such a key as an own property, but zod's objects and records leave it out of
 * what they build, and copying it onto a plain object replaces that object's prototype: the
 * value would vanish without a word. It is refused instead. The walk keeps its own stack, so
 * deeply nested input cannot overflow the call stack.
 */
export function prototypeKeyIssues(value: unknown, prefix = ""): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const pending: [unknown, string][] = [[value, prefix]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (item === null || typeof item !== "object") continue;
    for (const [key, child] of Object.entries(item)) {
      const field = path ? `${path}.${key}` : key;
      if (key === "__proto__" && !Array.isArray(item)) {
        issues.push({ field, rule: "forbidden_key", message: `"__proto__" is not allowed as a key: it would be read as the object's prototype and lost` });
      }
      pending.push([child, field]);
    }
  }
  return issues;
}
