// Workflows, scheduled queries and spaces named on the command line by their unique name as well
// as by their id (upstream Seizu's CLI takes only ids; names are what people remember). An id is
// used as it is; anything else is looked up in the resource's list, and a name that matches
// none, or more than one, is refused naming what it found.
import type { Lookup } from "./commands/resource";
import type { Context } from "./context";
import { UsageError } from "./errors";

/** The ids the Worker makes for these resources. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Named {
  id: string;
  name: string;
}

export function byName(noun: string, plural: string, list: (context: Context) => Promise<Named[]>): Lookup {
  return async (context, text) => {
    if (UUID.test(text)) return text;
    const items = await list(context);
    const matches = items.filter((item) => item.id === text || item.name === text);
    if (matches.length === 1) return matches[0]!.id;
    if (matches.length === 0) throw new UsageError(`no ${noun} has the id or name ${JSON.stringify(text)} (seizu ${plural} list shows them)`);
    throw new UsageError(`${matches.length} ${plural} are named ${JSON.stringify(text)} (${matches.map((item) => item.id).join(", ")}): give the id`);
  };
}

export const workflowLookup = byName("workflow", "workflows", async (context) =>
  (await context.api.call("workflows_list")).workflows.map((item) => ({ id: item.workflow_id, name: item.name })),
);

export const scheduledQueryLookup = byName("scheduled query", "scheduled-queries", async (context) =>
  (await context.api.call("scheduled_queries_list")).scheduled_queries.map((item) => ({ id: item.scheduled_query_id, name: item.name })),
);

export const spaceLookup = byName("space", "spaces", async (context) =>
  (await context.api.call("spaces_list")).spaces.map((item) => ({ id: item.space_id, name: item.name })),
);
