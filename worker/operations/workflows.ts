// Operations of the `workflows` group, in upstream Seizu's routes and shapes (routes/workflows.py):
// workflows:read lists and reads workflows (scheduled queries among them, projected to stages),
// their versions and their runs; workflows:write creates, replaces and runs them; workflows:delete
// removes them. Its routes are laid out as every kind of workflow's are (workflow-kind.ts); a run
// request answers 202: the scheduler starts it (reconcile.ts).
import { z } from "zod";
import { activityTypeViews } from "../workflows/activities/registry";
import { activityTypeView } from "../workflows/activities/views";
import { workflowResource } from "../workflows/resources";
import { readScanValues, VALUES_LIMIT } from "../workflows/scan-values";
import { runRequested, workflowBody, workflowInput, workflowItem, workflowVersion } from "../workflows/schemas";
import { NotFoundError } from "../errors/domain";
import { defineOperation } from "./operation";
import { workflowParams } from "./path-params";
import { neo4jFor, workflows } from "./services";
import { workflowKindOperations } from "./workflow-kind";

const { list, ...rest } = workflowKindOperations({
  kind: "workflows",
  collection: "/workflows",
  itemParams: workflowParams,
  idParam: "workflow_id",
  key: (params) => params.workflow_id,
  noun: "workflow",
  runsPath: "/runs",
  summaries: {
    list: "List workflows, scheduled queries among them, with their last run and next due time",
    export: "Every workflow's definition, by name, in the seed file's workflows: shape",
    import: "Validate a seed file's workflows: section as a whole, then create or update each workflow (matched by name) in one transaction",
    create: "Create a workflow (version 1)",
    get: "A workflow with its last run and next due time",
    update: "Replace a workflow's definition (a new version)",
    delete: "Delete a workflow with its versions and run history",
    versions: "A workflow's version history, newest first",
    version_get: "One version of a workflow",
    run: "Request a run now, even while disabled; it starts within a minute and is named by run_id",
    runs: "A workflow's runs, newest first (the last 50): status, timings, errors and each activity",
    run_get: "One run of a workflow, with what each activity did",
    run_get_upstream: "One run of a workflow, at upstream Seizu's path (its workflow id segment is the workflow's id)",
  },
  schemas: { item: workflowItem, entry: workflowVersion, body: workflowBody, input: workflowInput, requested: runRequested },
  resource: (ctx) => workflowResource(() => workflows(ctx)),
});

const activityTypes = defineOperation({
  operationId: "workflows_activity_types",
  group: "workflows",
  method: "get",
  path: "/workflows/activity-types",
  summary: "The activity types a stage may use, each with the fields of its parameters",
  permission: "workflows:read",
  response: z.object({ activity_types: z.array(activityTypeView) }),
  run: async () => ({ activity_types: activityTypeViews() }),
});

// Upstream takes scheduled_queries:read (or chat:schedule, a chat permission); here
// scheduled_queries:read and workflows:read imply each other, so workflows:read serves both.
const scanValues = defineOperation({
  operationId: "workflows_sync_metadata_values",
  group: "workflows",
  method: "get",
  path: "/sync-metadata/values",
  summary: `The distinct SyncMetadata grouptype, syncedtype and groupid values watch_scans match (at most ${VALUES_LIMIT} of each, in order)`,
  permission: "workflows:read",
  response: z.object({ grouptypes: z.array(z.string()), syncedtypes: z.array(z.string()), groupids: z.array(z.string()) }),
  run: (ctx) => readScanValues(neo4jFor(ctx)),
});

/** Upstream Seizu's path of a run names it by temporal_workflow_id (the workflow's id here) and run_id. */
const cancelParams = workflowParams.extend({
  temporal_workflow_id: z.string().describe("The workflow's id (upstream Seizu's Temporal workflow id)"),
  run_id: z.string().describe("Run id (its Workflows instance id)"),
});

const cancelRun = defineOperation({
  operationId: "workflows_run_cancel",
  group: "workflows",
  method: "post",
  path: "/workflows/{workflow_id}/runs/{temporal_workflow_id}/{run_id}/cancel",
  summary: "Cancel a queued or running run: its Workflows instance is terminated and the run recorded as failed (409 once it has finished)",
  permission: "workflows:write",
  params: cancelParams,
  optionalBody: true,
  body: z.object({}).strict(),
  response: null,
  run: async (ctx, { params }) => {
    if (params.temporal_workflow_id !== params.workflow_id)
      throw new NotFoundError(`run ${params.temporal_workflow_id}/${params.run_id} is not a run of ${params.workflow_id}`);
    await workflows(ctx).cancelRun(params.workflow_id, params.run_id, ctx.env.WORKFLOW_RUNS);
    // The run's instance is terminated: it records no end of its own (workflows/run-audit.ts).
    ctx.audit.record({
      kind: "workflow_run",
      action: "cancelled",
      outcome: "ok",
      target: params.workflow_id,
      resource: { type: "workflow", id: params.workflow_id, version: null },
      detail: { run_id: params.run_id },
    });
  },
});

/** The activity types' static path before the item routes it would match. */
export const workflowOperations = [list, activityTypes, scanValues, cancelRun, ...Object.values(rest)];
