// Where an event's parts live in the UI: the definition a call ran or a change touched (and its
// history, where its versions are), the confirmation it decided, the principal's other events.
// There is no users page: a principal links to the Activity page filtered to them.
import type { AuditEvent } from "../../types";
import { historyHref } from "../../kit/paths";
import { pluginPath } from "../plugins";
import { reportPath, spacePath } from "../reports/paths";
import { rolePath } from "../roles";
import { skillPath, skillsetPath } from "../skillsets/paths";
import { toolPath } from "../tools";
import { toolsetPath } from "../toolsets";
import { scheduledQueryPath, workflowPath } from "../workflows/paths";
import { activityHref } from "./paths";

export interface EventLink {
  label: string;
  href: string;
}

/** A resource's page by its type and id (`toolset/tool` for a tool, `skillset/skill` for a skill); null for types without one. */
function resourcePage(type: string, id: string): string | null {
  const [first = "", second = ""] = id.split("/");
  switch (type) {
    case "tool":
      return second ? toolPath(first, second) : null;
    case "toolset":
      return toolsetPath(id);
    case "skill":
      return second ? skillPath(first, second) : null;
    case "skillset":
      return skillsetPath(id);
    case "report":
      return reportPath(id);
    case "space":
      return spacePath(id);
    case "role":
      return historyHref(rolePath(id));
    case "workflow":
      return workflowPath(id);
    case "scheduled_query":
      return scheduledQueryPath(id);
    case "plugin":
      return pluginPath(id);
    case "confirmation":
      return confirmationPath(id);
    default:
      return null;
  }
}

const confirmationPath = (id: string) => `/confirmations/${encodeURIComponent(id)}`;

/** The versioned resources whose history page lists their versions. */
const VERSIONED = new Set(["tool", "toolset", "skill", "skillset", "report", "role"]);

export function eventLinks(event: AuditEvent): EventLink[] {
  const links: EventLink[] = [];
  const resource = event.resource;
  const page = resource && resourcePage(resource.type, resource.id);
  if (resource && page) {
    links.push({ label: `${resource.type} ${resource.id}`, href: page });
    if (resource.version !== null && VERSIONED.has(resource.type) && resource.type !== "role")
      links.push({ label: `version ${resource.version} (history)`, href: historyHref(page) });
  }
  const confirmation = event.detail.confirmation_id;
  if (typeof confirmation === "string" && resource?.type !== "confirmation")
    links.push({ label: `confirmation ${confirmation}`, href: confirmationPath(confirmation) });
  if (event.principal) links.push({ label: `every event of ${event.principal.subject}`, href: activityHref({ principal: event.principal.subject }) });
  return links;
}
