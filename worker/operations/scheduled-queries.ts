// Operations of the `scheduled_queries` group, upstream Seizu's deprecated alias of workflows
// (routes/scheduled_queries.py), kept for agents and seed files written against it: only the
// scheduled-query kind is visible here (a workflow's id is 404), in its own shape. Its
// routes are laid out as every kind of workflow's are (workflow-kind.ts).
import { z } from "zod";
import { scheduledQueryResource } from "../workflows/resources";
import { runRequested, scheduledQueryBody, scheduledQueryInput, scheduledQueryItem, scheduledQueryVersion } from "../workflows/schemas";
import { scheduledQueryParams } from "./path-params";
import { workflows } from "./services";
import { workflowKindOperations } from "./workflow-kind";

const operations = workflowKindOperations({
  kind: "scheduled_queries",
  collection: "/scheduled-queries",
  itemParams: scheduledQueryParams,
  idParam: "scheduled_query_id",
  key: (params) => params.scheduled_query_id,
  noun: "scheduled query",
  runsPath: "/workflow-runs",
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
    run: "Request a run now, even while disabled; the scheduler starts it within a minute",
    runs: "A scheduled query's runs, newest first (the last 50)",
    run_get: "One run of a scheduled query, with what each action did",
    run_get_upstream: "One run of a scheduled query, at upstream Seizu's path (its workflow id segment is the scheduled query's id)",
  },
  schemas: {
    item: scheduledQueryItem,
    entry: scheduledQueryVersion,
    body: scheduledQueryBody,
    input: scheduledQueryInput,
    requested: runRequested.omit({ workflow_id: true }).extend({ scheduled_query_id: z.string() }),
  },
  resource: (ctx) => scheduledQueryResource(() => workflows(ctx)),
});

export const scheduledQueryOperations = Object.values(operations);
