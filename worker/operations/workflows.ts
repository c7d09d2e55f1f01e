// Operations of the `workflows` group, in upstream Seizu's routes and shapes (routes/workflows.py):
// workflows:read lists and reads workflows (scheduled queries among them, projected to stages),
// their versions and their runs; workflows:write creates, replaces and runs them; workflows:delete
// removes them. A run request answers 202: the scheduler starts it (reconcile.ts).
import { z } from "zod";
import { withVersion } from "../kit/schemas";
import { activityTypeViews } from "../workflows/activities/registry";
import { activityTypeView } from "../workflows/activities/views";
import { WORKFLOW } from "../workflows/kinds";
import { importOutcome, importSection, runRequested, workflowBody, workflowInput, workflowItem, workflowRun, workflowVersion } from "../workflows/schemas";
import { defineOperation } from "./operation";
import { workflowParams, workflowRunParams } from "./path-params";
import { workflows } from "./services";
import { quoted, workflowTarget } from "./targets";

const group = "workflows";
const item = "/workflows/{workflow_id}";
const versionParams = withVersion(workflowParams);
/** withVersion's result is typed for any object; these are its fields here. */
const versionOf = (params: unknown) => params as { workflow_id: string; version: number };

export const workflowOperations = [
  defineOperation({
    operationId: "workflows_list",
    group,
    method: "get",
    path: "/workflows",
    summary: "List workflows, scheduled queries among them, with their last run and next due time",
    permission: "workflows:read",
    response: z.object({ workflows: z.array(workflowItem) }),
    run: async (ctx) => ({ workflows: await workflows(ctx).list() }),
  }),
  defineOperation({
    operationId: "workflows_activity_types",
    group,
    method: "get",
    path: "/workflows/activity-types",
    summary: "The activity types a stage may use, each with the fields of its parameters",
    permission: "workflows:read",
    response: z.object({ activity_types: z.array(activityTypeView) }),
    run: async () => ({ activity_types: activityTypeViews() }),
  }),
  defineOperation({
    operationId: "workflows_export",
    group,
    method: "get",
    path: "/workflows/export",
    summary: "Every workflow's definition, by name, in the seed file's workflows: shape",
    permission: "workflows:read",
    response: z.object({ workflows: z.array(workflowBody) }),
    run: async (ctx) => ({ workflows: await workflows(ctx).export(WORKFLOW) }),
  }),
  defineOperation({
    operationId: "workflows_import",
    group,
    method: "post",
    path: "/workflows/import",
    summary: "Validate a seed file's workflows: section as a whole, then create or update each workflow (matched by name) in one transaction",
    permission: "workflows:write",
    body: importSection("workflows"),
    response: importOutcome,
    run: (ctx, { body }) => workflows(ctx).import(WORKFLOW, body.workflows, body),
  }),
  defineOperation({
    operationId: "workflows_create",
    group,
    method: "post",
    path: "/workflows",
    summary: "Create a workflow (version 1)",
    permission: "workflows:write",
    body: workflowInput,
    response: workflowItem,
    status: 201,
    target: async (_ctx, { body }) => `new workflow ${quoted(body.name)}`,
    run: (ctx, { body }) => workflows(ctx).create(body),
  }),
  defineOperation({
    operationId: "workflows_get",
    group,
    method: "get",
    path: item,
    summary: "A workflow with its last run and next due time",
    permission: "workflows:read",
    params: workflowParams,
    response: workflowItem,
    run: (ctx, { params }) => workflows(ctx).get(params.workflow_id),
  }),
  defineOperation({
    operationId: "workflows_update",
    group,
    method: "put",
    path: item,
    summary: "Replace a workflow's definition (a new version)",
    permission: "workflows:write",
    params: workflowParams,
    body: workflowInput,
    response: workflowItem,
    target: (ctx, { params }) => workflowTarget(ctx, params.workflow_id),
    run: (ctx, { params, body }) => workflows(ctx).replace(params.workflow_id, body),
  }),
  defineOperation({
    operationId: "workflows_delete",
    group,
    method: "delete",
    path: item,
    summary: "Delete a workflow with its versions and run history",
    permission: "workflows:delete",
    params: workflowParams,
    response: null,
    target: (ctx, { params }) => workflowTarget(ctx, params.workflow_id),
    run: (ctx, { params }) => workflows(ctx).delete(params.workflow_id),
  }),
  defineOperation({
    operationId: "workflows_versions",
    group,
    method: "get",
    path: `${item}/versions`,
    summary: "A workflow's version history, newest first",
    permission: "workflows:read",
    params: workflowParams,
    response: z.object({ versions: z.array(workflowVersion) }),
    run: async (ctx, { params }) => ({ versions: await workflows(ctx).versions(params.workflow_id) }),
  }),
  defineOperation({
    operationId: "workflows_version_get",
    group,
    method: "get",
    path: `${item}/versions/{version}`,
    summary: "One version of a workflow",
    permission: "workflows:read",
    params: versionParams,
    response: workflowVersion,
    run: (ctx, { params }) => workflows(ctx).version(versionOf(params).workflow_id, versionOf(params).version),
  }),
  defineOperation({
    operationId: "workflows_run",
    group,
    method: "post",
    path: `${item}/run`,
    summary: "Request a run now, even while disabled; it starts within a minute and is named by run_id",
    permission: "workflows:write",
    params: workflowParams,
    optionalBody: true,
    body: z.object({}).strict(),
    response: runRequested,
    status: 202,
    target: (ctx, { params }) => workflowTarget(ctx, params.workflow_id),
    run: (ctx, { params }) => workflows(ctx).requestRun(params.workflow_id),
  }),
  defineOperation({
    operationId: "workflows_runs",
    group,
    method: "get",
    path: `${item}/runs`,
    summary: "A workflow's runs, newest first (the last 50): status, timings, errors and each activity",
    permission: "workflows:read",
    params: workflowParams,
    response: z.object({ runs: z.array(workflowRun) }),
    run: async (ctx, { params }) => ({ runs: await workflows(ctx).listRuns(params.workflow_id) }),
  }),
  defineOperation({
    operationId: "workflows_run_get",
    group,
    method: "get",
    path: `${item}/runs/{run_id}`,
    summary: "One run of a workflow, with what each activity did",
    permission: "workflows:read",
    params: workflowRunParams,
    response: workflowRun,
    run: (ctx, { params }) => workflows(ctx).getRun(params.workflow_id, params.run_id),
  }),
];
