// Operations of the `scheduled_queries` group, upstream Seizu's deprecated alias of workflows
// (routes/scheduled_queries.py), kept for agents and seed files written against it: only the
// scheduled-query kind is visible here (a workflow's id is 404), in its own shape.
import { z } from "zod";
import { withVersion } from "../kit/schemas";
import { SCHEDULED_QUERY } from "../workflows/kinds";
import {
  importOutcome,
  importSection,
  scheduledQueryBody,
  scheduledQueryInput,
  scheduledQueryItem,
  scheduledQueryVersion,
  workflowRun,
} from "../workflows/schemas";
import { defineOperation } from "./operation";
import { scheduledQueryParams, scheduledQueryRunParams } from "./path-params";
import { workflows } from "./services";
import { quoted, scheduledQueryTarget } from "./targets";

const group = "scheduled_queries";
const item = "/scheduled-queries/{scheduled_query_id}";
const versionParams = withVersion(scheduledQueryParams);
const versionOf = (params: unknown) => params as { scheduled_query_id: string; version: number };

export const scheduledQueryOperations = [
  defineOperation({
    operationId: "scheduled_queries_list",
    group,
    method: "get",
    path: "/scheduled-queries",
    summary: "List scheduled queries (deprecated: use workflows)",
    permission: "scheduled_queries:read",
    response: z.object({ scheduled_queries: z.array(scheduledQueryItem) }),
    run: async (ctx) => ({ scheduled_queries: await workflows(ctx).listQueries() }),
  }),
  defineOperation({
    operationId: "scheduled_queries_export",
    group,
    method: "get",
    path: "/scheduled-queries/export",
    summary: "Every scheduled query's definition, by name, in the seed file's scheduled_queries: shape",
    permission: "scheduled_queries:read",
    response: z.object({ scheduled_queries: z.array(scheduledQueryBody) }),
    run: async (ctx) => ({ scheduled_queries: await workflows(ctx).export(SCHEDULED_QUERY) }),
  }),
  defineOperation({
    operationId: "scheduled_queries_import",
    group,
    method: "post",
    path: "/scheduled-queries/import",
    summary: "Validate a seed file's scheduled_queries: section as a whole, then create or update each (matched by name) in one transaction",
    permission: "scheduled_queries:write",
    body: importSection("scheduled_queries"),
    response: importOutcome,
    run: (ctx, { body }) => workflows(ctx).import(SCHEDULED_QUERY, body.scheduled_queries, body),
  }),
  defineOperation({
    operationId: "scheduled_queries_create",
    group,
    method: "post",
    path: "/scheduled-queries",
    summary: "Create a scheduled query (version 1)",
    permission: "scheduled_queries:write",
    body: scheduledQueryInput,
    response: scheduledQueryItem,
    status: 201,
    target: async (_ctx, { body }) => `new scheduled query ${quoted(body.name)}`,
    run: (ctx, { body }) => workflows(ctx).createQuery(body),
  }),
  defineOperation({
    operationId: "scheduled_queries_get",
    group,
    method: "get",
    path: item,
    summary: "A scheduled query with its last run and next due time",
    permission: "scheduled_queries:read",
    params: scheduledQueryParams,
    response: scheduledQueryItem,
    run: (ctx, { params }) => workflows(ctx).getQuery(params.scheduled_query_id),
  }),
  defineOperation({
    operationId: "scheduled_queries_update",
    group,
    method: "put",
    path: item,
    summary: "Replace a scheduled query's definition (a new version)",
    permission: "scheduled_queries:write",
    params: scheduledQueryParams,
    body: scheduledQueryInput,
    response: scheduledQueryItem,
    target: (ctx, { params }) => scheduledQueryTarget(ctx, params.scheduled_query_id),
    run: (ctx, { params, body }) => workflows(ctx).replaceQuery(params.scheduled_query_id, body),
  }),
  defineOperation({
    operationId: "scheduled_queries_delete",
    group,
    method: "delete",
    path: item,
    summary: "Delete a scheduled query with its versions and run history",
    permission: "scheduled_queries:delete",
    params: scheduledQueryParams,
    response: null,
    target: (ctx, { params }) => scheduledQueryTarget(ctx, params.scheduled_query_id),
    run: (ctx, { params }) => workflows(ctx).delete(params.scheduled_query_id, SCHEDULED_QUERY),
  }),
  defineOperation({
    operationId: "scheduled_queries_versions",
    group,
    method: "get",
    path: `${item}/versions`,
    summary: "A scheduled query's version history, newest first",
    permission: "scheduled_queries:read",
    params: scheduledQueryParams,
    response: z.object({ versions: z.array(scheduledQueryVersion) }),
    run: async (ctx, { params }) => ({ versions: await workflows(ctx).queryVersions(params.scheduled_query_id) }),
  }),
  defineOperation({
    operationId: "scheduled_queries_version_get",
    group,
    method: "get",
    path: `${item}/versions/{version}`,
    summary: "One version of a scheduled query",
    permission: "scheduled_queries:read",
    params: versionParams,
    response: scheduledQueryVersion,
    run: (ctx, { params }) => workflows(ctx).queryVersion(versionOf(params).scheduled_query_id, versionOf(params).version),
  }),
  defineOperation({
    operationId: "scheduled_queries_run",
    group,
    method: "post",
    path: `${item}/run`,
    summary: "Request a run now, even while disabled; the scheduler starts it within a minute",
    permission: "scheduled_queries:write",
    params: scheduledQueryParams,
    optionalBody: true,
    body: z.object({}).strict(),
    response: z.object({ scheduled_query_id: z.string(), run_requested_at: z.string() }),
    status: 202,
    target: (ctx, { params }) => scheduledQueryTarget(ctx, params.scheduled_query_id),
    run: async (ctx, { params }) => {
      const { run_requested_at } = await workflows(ctx).requestRun(params.scheduled_query_id, SCHEDULED_QUERY);
      return { scheduled_query_id: params.scheduled_query_id, run_requested_at };
    },
  }),
  defineOperation({
    operationId: "scheduled_queries_runs",
    group,
    method: "get",
    path: `${item}/workflow-runs`,
    summary: "A scheduled query's runs, newest first (the last 50)",
    permission: "scheduled_queries:read",
    params: scheduledQueryParams,
    response: z.object({ runs: z.array(workflowRun) }),
    run: async (ctx, { params }) => ({ runs: await workflows(ctx).listQueryRuns(params.scheduled_query_id) }),
  }),
  defineOperation({
    operationId: "scheduled_queries_run_get",
    group,
    method: "get",
    path: `${item}/workflow-runs/{run_id}`,
    summary: "One run of a scheduled query, with what each action did",
    permission: "scheduled_queries:read",
    params: scheduledQueryRunParams,
    response: workflowRun,
    run: (ctx, { params }) => workflows(ctx).getQueryRun(params.scheduled_query_id, params.run_id),
  }),
];
