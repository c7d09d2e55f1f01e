// Operations of the `scheduled_queries` group, upstream Seizu's deprecated alias of workflows
// (routes/scheduled_queries.py), kept for agents and seed files written against it: only the
// scheduled-query kind is visible here (a workflow's id is 404), in its own shape. A change
// replaces the whole definition (PUT); there is no restore, as upstream has none.
import { z } from "zod";
import { runOperations } from "../kit/run-operations";
import { versionedOperations } from "../kit/versioned-operations";
import { scheduledQueryResource } from "../workflows/resources";
import {
  importOutcome,
  importSection,
  scheduledQueryBody,
  scheduledQueryInput,
  scheduledQueryItem,
  scheduledQueryVersion,
  workflowRun,
} from "../workflows/schemas";
import type { OperationContext } from "./operation";
import { scheduledQueryParams } from "./path-params";
import { workflows } from "./services";

const group = "scheduled_queries";
const permissions = { read: "scheduled_queries:read", write: "scheduled_queries:write", delete: "scheduled_queries:delete" } as const;
const resource = (ctx: OperationContext) => scheduledQueryResource(() => workflows(ctx));

const definitions = versionedOperations({
  group,
  collection: "/scheduled-queries",
  itemParams: scheduledQueryParams,
  idParam: "scheduled_query_id",
  key: (params) => params.scheduled_query_id,
  noun: "scheduled query",
  actions: ["list", "export", "import", "create", "get", "update", "delete", "versions", "version_get"],
  updateStyle: "replace",
  operationIds: { prefix: "scheduled_queries_" },
  summaries: {
    list: "List scheduled queries (deprecated: use workflows)",
    export: "Every scheduled query's definition, by name, in the seed file's scheduled_queries: shape",
    import: "Validate a seed file's scheduled_queries: section as a whole, then create or update each (matched by name) in one transaction",
    create: "Create a scheduled query (version 1)",
    get: "A scheduled query with its last run and next due time",
    update: "Replace a scheduled query's definition (a new version)",
    delete: "Delete a scheduled query with its versions and run history",
    versions: "A scheduled query's version history, newest first",
    version_get: "One version of a scheduled query",
  },
  permissions,
  listField: "scheduled_queries",
  schemas: {
    item: scheduledQueryItem,
    entry: scheduledQueryVersion,
    create: scheduledQueryInput,
    update: scheduledQueryInput,
    exported: z.object({ scheduled_queries: z.array(scheduledQueryBody) }),
    import: importSection("scheduled_queries"),
    imported: importOutcome,
  },
  resource,
});

const runs = runOperations({
  group,
  collection: "/scheduled-queries",
  itemParams: scheduledQueryParams,
  idParam: "scheduled_query_id",
  key: (params) => params.scheduled_query_id,
  runsPath: "/workflow-runs",
  operationIds: { prefix: "scheduled_queries_" },
  summaries: {
    run: "Request a run now, even while disabled; the scheduler starts it within a minute",
    runs: "A scheduled query's runs, newest first (the last 50)",
    run_get: "One run of a scheduled query, with what each action did",
  },
  permissions,
  schemas: { requested: z.object({ scheduled_query_id: z.string(), run_requested_at: z.string() }), run: workflowRun },
  resource,
});

export const scheduledQueryOperations = [...Object.values(definitions), ...Object.values(runs)];
