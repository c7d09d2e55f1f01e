// Issues of an activity's parameters as the workflow's field issues: each names the full path
// from the workflow (stages.0.activities.1.parameters.cypher), an unknown key is named itself
// with the keys its type takes, and a missing field is "required" rather than a type mismatch.
import type { z } from "zod";
import type { FieldIssue } from "../../errors/domain";
import { ruleOf } from "../../input";

export type Path = (string | number)[];

export const fieldAt = (path: Path, ...rest: (string | number)[]) => [...path, ...rest].join(".");

export function parameterIssues(error: z.ZodError, path: Path, type: string, known: string[]): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const at = [...path, "parameters", ...issue.path.map(String)];
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: fieldAt(at, key),
        rule: "unknown_key",
        message: `is not a parameter of ${type} activities (parameters: ${known.join(", ")})`,
      }));
    }
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    return [{ field: fieldAt(at), rule: missing ? "required" : ruleOf(issue), message: issue.message }];
  });
}

/** Issues a type's own checks named relative to its parameters, moved under the activity's path. */
export function underParameters(issues: FieldIssue[], path: Path): FieldIssue[] {
  return issues.map((issue) => ({ ...issue, field: fieldAt(path, "parameters", issue.field) }));
}
