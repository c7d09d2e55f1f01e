// Server errors mapped onto a form: 422 issues by field (issues a field marks in its text keep
// their position), 409 as a conflict, everything else as one message for the whole form.
import { ApiError, describeError } from "../api";
import type { FieldIssue } from "../types";

export interface FormErrors {
  /** Messages by field path: "name", "parameters.0.default", ... */
  fields: Record<string, string[]>;
  /** The issues of the marking fields, whole: with line and column where the server knows them. */
  marks: Record<string, FieldIssue[]>;
  /** Messages no field of the form shows. */
  general: string[];
  /** The definition changed since it was loaded (409 on update). */
  conflict: boolean;
}

/** Which fields of the server's issues a form shows. */
export interface FieldRules {
  shown(field: string): boolean;
  /** Fields that mark each issue at its place in their text (the tool form's Cypher editor). */
  marked?: string[];
}

export const noErrors: FormErrors = { fields: {}, marks: {}, general: [], conflict: false };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Issues of fields the form neither shows nor marks become general ones. */
export function formErrors(error: unknown, { shown, marked = [] }: FieldRules, mode: "create" | "edit", noun: string): FormErrors {
  const result: FormErrors = { fields: {}, marks: {}, general: [], conflict: false };
  if (!(error instanceof ApiError)) return { ...result, general: [describeError(error)] };
  if (error.status === 409) {
    if (mode === "edit") return { ...result, conflict: true };
    return { ...result, fields: { id: [`A ${noun} with this id already exists. Choose another id.`] } };
  }
  if (error.status === 422 && error.fields.length > 0) {
    for (const issue of error.fields) {
      if (marked.includes(issue.field)) result.marks[issue.field] = [...(result.marks[issue.field] ?? []), issue];
      else if (shown(issue.field)) result.fields[issue.field] = [...(result.fields[issue.field] ?? []), capitalise(issue.message)];
      else result.general.push(`${issue.field}: ${issue.message}`);
    }
    return result;
  }
  return { ...result, general: [describeError(error)] };
}
