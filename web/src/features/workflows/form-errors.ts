// The server's 422 issues placed at the fields the editors show. A workflow's issues name deep
// paths (`stages.0.activities.1.parameters.cypher`, `schedule.days_of_week.2`); each goes to the
// longest path the form shows that starts it (the rest of its path said in the message), and
// issues of nothing shown become general messages. 409 on a change is a conflict.
import { ApiError, describeError } from "../../api";
import { noErrors, type FormErrors } from "../../kit/form-errors";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function placedErrors(error: unknown, shown: Set<string>, mode: "create" | "edit"): FormErrors {
  const result: FormErrors = { fields: {}, marks: {}, general: [], conflict: false };
  if (!(error instanceof ApiError)) return { ...noErrors, general: [describeError(error)] };
  if (error.status === 409 && mode === "edit") return { ...result, conflict: true };
  if (error.status !== 422 || error.fields.length === 0) return { ...result, general: [describeError(error)] };
  for (const issue of error.fields) {
    const segments = issue.field.split(".");
    let at: string | undefined;
    for (let length = segments.length; length > 0 && at === undefined; length--) {
      const candidate = segments.slice(0, length).join(".");
      if (shown.has(candidate)) at = candidate;
    }
    if (at === undefined) {
      result.general.push(issue.field ? `${issue.field}: ${issue.message}` : capitalise(issue.message));
      continue;
    }
    const rest = issue.field.slice(at.length + 1);
    const message = rest ? `${rest}: ${issue.message}` : capitalise(issue.message);
    result.fields[at] = [...(result.fields[at] ?? []), message];
  }
  return result;
}

/** The shown paths of a schedule: its type's fields (hour and minute only for calendar schedules). */
export function scheduleKeys(prefix: string, type: string): string[] {
  const fields =
    type === "interval"
      ? ["interval_minutes"]
      : type === "hourly"
        ? ["interval_hours"]
        : type === "daily"
          ? ["days_of_week", "hour", "minute"]
          : ["days_of_month", "hour", "minute"];
  return [prefix, `${prefix}.type`, ...fields.map((field) => `${prefix}.${field}`)];
}
