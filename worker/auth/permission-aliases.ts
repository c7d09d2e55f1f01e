// Upstream Seizu renamed skillsets to Agent Plugins and kept the old permissions as aliases for
// a release: `plugins:X` grants `skillsets:X` and `skills:X`, and the reverse needs both, so a
// role written against either vocabulary keeps working and neither grants more than it names.
// skills:render has no plugins counterpart and is never implied. Scheduled queries are the
// deprecated form of workflows: `scheduled_queries:X` and `workflows:X` imply each other.
// Upstream gates all four graph tools on query:execute, so it implies query:validate (the
// schema, validating and explaining); query:validate alone still runs nothing.
import type { Permission } from "./permissions";

const ALIASED = ["read", "write", "delete"] as const;

/** The permissions granted, with every alias they imply added. */
export function withAliases(granted: Iterable<Permission>): Set<Permission> {
  const result = new Set(granted);
  if (result.has("query:execute")) result.add("query:validate");
  for (const action of ALIASED) {
    if (result.has(`plugins:${action}`)) {
      result.add(`skillsets:${action}`);
      result.add(`skills:${action}`);
    } else if (result.has(`skillsets:${action}`) && result.has(`skills:${action}`)) {
      result.add(`plugins:${action}`);
    }
    if (result.has(`workflows:${action}`)) result.add(`scheduled_queries:${action}`);
    else if (result.has(`scheduled_queries:${action}`)) result.add(`workflows:${action}`);
  }
  return result;
}
