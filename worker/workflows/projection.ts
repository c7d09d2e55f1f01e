// A scheduled query seen as a workflow, as upstream's services/workflows.py projects legacy rows:
// a query stage (output "query") running its Cypher with its params, then one stage per action,
// each taking the query's rows (outputs action_1, action_2, ...). The scheduler and the runner
// know only stages; this is the one place that knows the older shape.
import type { FieldIssue } from "../errors/domain";
import type { ScheduledQueryBody, Stage } from "./schemas";

export const LEGACY_QUERY_OUTPUT = "query";

export function legacyStages(body: ScheduledQueryBody): Stage[] {
  return [
    { activities: [{ type: "query", output: LEGACY_QUERY_OUTPUT, parameters: { cypher: body.cypher, parameters: body.params } }] },
    ...body.actions.map((action, index) => ({
      activities: [{ type: action.action_type, input: LEGACY_QUERY_OUTPUT, output: `action_${index + 1}`, parameters: action.action_config }],
    })),
  ];
}

/**
 * An issue found in the projected stages, named by the scheduled query's own fields: the query
 * stage's parameters are `cypher` and `params`, an action's are `actions.N.action_config`.
 */
export function legacyIssue(issue: FieldIssue): FieldIssue {
  const match = /^stages\.(\d+)\.activities\.0\.(type|parameters)(?:\.(.*))?$/.exec(issue.field);
  if (!match) return issue;
  const [, stage, part, rest] = match;
  if (stage === "0") {
    const field = rest === undefined ? "cypher" : rest === "parameters" || rest.startsWith("parameters.") ? rest.replace(/^parameters/, "params") : rest;
    return { ...issue, field };
  }
  const action = `actions.${Number(stage) - 1}`;
  const field = part === "type" ? `${action}.action_type` : [`${action}.action_config`, rest].filter(Boolean).join(".");
  return { ...issue, field };
}
