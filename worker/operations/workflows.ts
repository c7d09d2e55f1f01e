// Operations of the `workflows` group, in upstream Seizu's routes and shapes (routes/workflows.py):
// workflows:read lists and reads workflows (scheduled queries among them, projected to stages),
// their versions and their runs; workflows:write creates, replaces and runs them; workflows:delete
// removes them. A change replaces the whole definition (PUT); there is no restore, as upstream
// has none. A run request answers 202: the scheduler starts it (reconcile.ts).
import { z } from "zod";
import { runOperations } from "../kit/run-operations";
import { versionedOperations } from "../kit/versioned-operations";
import { activityTypeViews } from "../workflows/activities/registry";
import { activityTypeView } from "../workflows/activities/views";
import { workflowResource } from "../workflows/resources";
import { importOutcome, importSection, runRequested, workflowBody, workflowInput, workflowItem, workflowRun, workflowVersion } from "../workflows/schemas";
import { defineOperation, type OperationContext } from "./operation";
import { workflowParams } from "./path-params";
import { workflows } from "./services";

const group = "workflows";
const permissions = { read: "workflows:read", write: "workflows:write", delete: "workflows:delete" } as const;
const resource = (ctx: OperationContext) => workflowResource(() => workflows(ctx));

const { list, ...definitions } = versionedOperations({
  group,
  collection: "/workflows",
  itemParams: workflowParams,
  idParam: "workflow_id",
  key: (params) => params.workflow_id,
  noun: "workflow",
  actions: ["list", "export", "import", "create", "get", "update", "delete", "versions", "version_get"],
  updateStyle: "replace",
  operationIds: { prefix: "workflows_" },
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
  },
  permissions,
  listField: "workflows",
  schemas: {
    item: workflowItem,
    entry: workflowVersion,
    create: workflowInput,
    update: workflowInput,
    exported: z.object({ workflows: z.array(workflowBody) }),
    import: importSection("workflows"),
    imported: importOutcome,
  },
  resource,
});

const activityTypes = defineOperation({
  operationId: "workflows_activity_types",
  group,
  method: "get",
  path: "/workflows/activity-types",
  summary: "The activity types a stage may use, each with the fields of its parameters",
  permission: "workflows:read",
  response: z.object({ activity_types: z.array(activityTypeView) }),
  run: async () => ({ activity_types: activityTypeViews() }),
});

const runs = runOperations({
  group,
  collection: "/workflows",
  itemParams: workflowParams,
  idParam: "workflow_id",
  key: (params) => params.workflow_id,
  runsPath: "/runs",
  operationIds: { prefix: "workflows_" },
  summaries: {
    run: "Request a run now, even while disabled; it starts within a minute and is named by run_id",
    runs: "A workflow's runs, newest first (the last 50): status, timings, errors and each activity",
    run_get: "One run of a workflow, with what each activity did",
  },
  permissions,
  schemas: { requested: runRequested, run: workflowRun },
  resource,
});

/** The activity types' static path before the item routes it would match. */
export const workflowOperations = [list, activityTypes, ...Object.values(definitions), ...Object.values(runs)];
