// The activity types a workflow stage may use, and the three calls the workflows code makes:
// what the UI's forms are drawn from, a saved activity's issues, and running one activity.
import type { FieldIssue } from "../../errors/domain";
import type { Activity } from "../schemas";
import type { ActivityCall, ActivityDeps, ActivityOutcome, CheckDeps, RegisteredActivity } from "./define";
import { ActivityError } from "./errors";
import { fieldAt, type Path } from "./issues";
import { log } from "./log";
import { query } from "./query";
import { slack } from "./slack";
import { sqs } from "./sqs";
import type { ActivityTypeView } from "./views";
import { webhook } from "./webhook";

export type { ActivityCall, ActivityDeps, ActivityOutcome } from "./define";
export { ActivityError } from "./errors";

const types: Record<string, RegisteredActivity> = { query, log, slack, webhook, sqs };
const typeNames = Object.keys(types);

export function activityTypeViews(): ActivityTypeView[] {
  return Object.values(types).map((type) => type.view);
}

/** Each activity type's view and described parameters, for the tool input that shows stages to an LLM. */
export function activityTypeSchemas(): Pick<RegisteredActivity, "view" | "parameters">[] {
  return Object.values(types).map(({ view, parameters }) => ({ view, parameters }));
}

/** The activity's problems, each field named from `path` (the activity's place in the workflow). */
export async function activityIssues(activity: Activity, path: Path, deps: CheckDeps): Promise<FieldIssue[]> {
  const type = Object.hasOwn(types, activity.type) ? types[activity.type] : undefined;
  if (!type)
    return [{ field: fieldAt(path, "type"), rule: "unknown_type", message: `'${activity.type}' is not an activity type (types: ${typeNames.join(", ")})` }];
  return type.issues(activity, path, deps);
}

export async function runActivity(call: ActivityCall, deps: ActivityDeps): Promise<ActivityOutcome> {
  const type = Object.hasOwn(types, call.activity.type) ? types[call.activity.type] : undefined;
  if (!type) throw new ActivityError(`'${call.activity.type}' is not an activity type (types: ${typeNames.join(", ")})`);
  return type.run(call, deps);
}
