// Reading a package's files as UTF-8 text, JSON and schema-checked values, each problem recorded
// as an issue of its file (and field) rather than thrown, so a package reports every problem at once.
import type { z } from "zod";
import type { FieldIssue } from "../errors/domain";
import { issuesOf } from "../input";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export function text(path: string, bytes: Uint8Array, issues: FieldIssue[]): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    issues.push({ field: path, rule: "not_utf8", message: "must be UTF-8 text" });
    return undefined;
  }
}

export function parsed<S extends z.ZodType>(schema: S, value: unknown, path: string, issues: FieldIssue[]): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  issues.push(...issuesOf(result.error).map((issue) => ({ ...issue, field: `${path}:${issue.field}` })));
  return undefined;
}

export function json(path: string, bytes: Uint8Array, issues: FieldIssue[]): unknown {
  const source = text(path, bytes, issues);
  if (source === undefined) return undefined;
  try {
    return JSON.parse(source) as unknown;
  } catch (error) {
    issues.push({ field: path, rule: "invalid_json", message: `is not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}
