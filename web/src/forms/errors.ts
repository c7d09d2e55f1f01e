// Server errors mapped onto a form: 422 issues by field (Cypher issues keep their position),
// 409 as a conflict, everything else as one message for the whole form.
import { ApiError, describeError } from "../api";
import type { FieldIssue } from "../types";

export interface FormErrors {
  /** Messages by field path: "name", "cypher", "parameters.0.default", ... */
  fields: Record<string, string[]>;
  /** Issues of the Cypher query, with line/column when the validator knows them. */
  cypher: FieldIssue[];
  /** Messages no field of the form shows. */
  general: string[];
  /** The definition changed since it was loaded (409 on update). */
  conflict: boolean;
}

export const noErrors: FormErrors = { fields: {}, cypher: [], general: [], conflict: false };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `shown(field)` says whether the form shows that field; other issues become general ones. */
export function formErrors(error: unknown, shown: (field: string) => boolean, mode: "create" | "edit", kind: string): FormErrors {
  const result: FormErrors = { fields: {}, cypher: [], general: [], conflict: false };
  if (!(error instanceof ApiError)) return { ...result, general: [describeError(error)] };
  if (error.status === 409) {
    if (mode === "edit") return { ...result, conflict: true };
    return { ...result, fields: { id: [`A ${kind} with this id already exists. Choose another id.`] } };
  }
  if (error.status === 422 && error.fields.length > 0) {
    for (const issue of error.fields) {
      if (issue.field === "cypher") result.cypher.push(issue);
      else if (shown(issue.field)) result.fields[issue.field] = [...(result.fields[issue.field] ?? []), capitalise(issue.message)];
      else result.general.push(`${issue.field}: ${issue.message}`);
    }
    return result;
  }
  return { ...result, general: [describeError(error)] };
}

/** "Line 1, column 7: message" unless the message already says where. */
export function cypherMessage(issue: FieldIssue): string {
  if (issue.line === undefined || /\(line \d+, column \d+/.test(issue.message)) return issue.message;
  return `Line ${issue.line}, column ${issue.column ?? 1}: ${issue.message}`;
}
