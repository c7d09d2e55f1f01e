// Upstream Seizu's workflow activity types and scheduled-query actions that this platform
// cannot run: refused by name, each with why, or left out with `seed --skip-unsupported`. A
// type that is neither the server's nor one of these is left to the server, which refuses it
// as unknown (a typo is not "unsupported").
import type { FieldIssue } from "../worker/api";

const WHY: Record<string, string> = {
  statsd: "upstream's statsd sends metrics over UDP, which a Cloudflare Worker cannot",
  temporal: "upstream's temporal action starts a Temporal workflow; this platform runs no Temporal",
  cve_repo_report: "it is one of upstream's Temporal child workflows, which this platform cannot run",
  cve_dependency_remediation: "it is one of upstream's Temporal child workflows, which this platform cannot run",
};

const message = (type: string, what: string) =>
  `'${type}' is an upstream Seizu ${what} this platform cannot run (${WHY[type]}); remove it, or seed everything else with --skip-unsupported`;

/** The unsupported types a definition uses, each as a field issue at its `type`/`action_type`. */
function issuesOf(items: unknown[], path: string, list: "stages" | "actions", known: Set<string>) {
  return items.map((item, index) => {
    const found: FieldIssue[] = [];
    const at = `${path}.${index}`;
    const check = (type: unknown, field: string, what: string) => {
      if (typeof type === "string" && !known.has(type) && type in WHY) found.push({ field, rule: "unsupported", message: message(type, what) });
    };
    const definition = (item ?? {}) as { stages?: { activities?: { type?: unknown }[] }[]; actions?: { action_type?: unknown }[] };
    if (list === "stages") {
      for (const [s, stage] of (definition.stages ?? []).entries())
        for (const [a, activity] of (stage.activities ?? []).entries()) check(activity.type, `${at}.stages.${s}.activities.${a}.type`, "activity type");
    } else {
      for (const [a, action] of (definition.actions ?? []).entries()) check(action.action_type, `${at}.actions.${a}.action_type`, "action");
    }
    return found;
  });
}

/**
 * @param known the activity types the server runs
 * @returns per section, the issues of each definition (an empty list for one that is supported)
 */
export function unsupported(workflows: unknown[] | undefined, scheduledQueries: unknown[] | undefined, known: Set<string>) {
  return {
    workflows: issuesOf(workflows ?? [], "workflows", "stages", known),
    scheduledQueries: issuesOf(scheduledQueries ?? [], "scheduled_queries", "actions", known),
  };
}
