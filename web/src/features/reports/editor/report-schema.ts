// The report config's schema in the editor: the Worker's own zod schema (the one that checks a
// saved config), read as JSON Schema for completion and run on the draft as it is typed, so the
// editor cannot offer or refuse anything the server would not. Loaded with the editor only.
import { z } from "zod";
import { reportConfig } from "../../../../../worker/api";
import { type LineIssue, type ParsedConfig, placeIssues } from "./config-text";

/** The parts of JSON Schema the completion reads. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
}

/** What a config accepts (the input side: keys with defaults may be left out). */
export const REPORT_SCHEMA = z.toJSONSchema(reportConfig, { io: "input", unrepresentable: "any" }) as JsonSchema;

/** The draft's schema issues at their place: an unknown key is marked on the key itself. */
export function schemaIssues(parsed: ParsedConfig): LineIssue[] {
  const result = reportConfig.safeParse(parsed.value);
  if (result.success) return [];
  return placeIssues(
    parsed,
    result.error.issues.flatMap((issue) => {
      const path = issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
      const where = ["config", ...path].join(".");
      if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ path, key, where: `${where}.${key}`, message: `${key} is not a key here` }));
      return [{ path, where, message: issue.message }];
    }),
  );
}
