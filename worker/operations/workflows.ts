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

/** The activity types' static path before the item routes it would match. */
export const workflowOperations = [list, activityTypes, scanValues, ...Object.values(rest)];
