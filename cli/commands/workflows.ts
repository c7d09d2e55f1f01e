// `seizu workflows ...` and `seizu scheduled-queries ...`: workflows (stages of activities run on a
// schedule, on new scans, on demand or after another workflow) and the deprecated scheduled
// queries over the REST API: list and read them, create and replace them from a definition
// file, their versions (restore is client-side, as upstream's: the old definition saved again
// as a new version), requesting a run and following it, and the run history.
import type { Command } from "commander";
import { scheduledQueryBody, workflowBody } from "../../worker/api";
import { asGiven, type WorkflowItem } from "../api";
import { action, type Context } from "../context";
import { readDefinition, SCHEDULED_QUERY_ADDED, WORKFLOW_ADDED } from "../definition-file";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import {
  activityTypesTable,
  type Frequencies,
  scheduledQueriesTable,
  scheduledQueryFields,
  scheduledQueryVersionFields,
  workflowFields,
  workflowsTable,
  workflowVersionFields,
} from "../workflow-views";
import { addResourceCommands, namedBy, operationsNamed, VERSIONED_ACTIONS } from "./resource";
import { addRunCommands, RUN_ACTIONS } from "./runs";
import { namedVersionsTable } from "../views";
import { scheduledQueryLookup, workflowLookup } from "../names";

const COMMENT_HELP = "why, recorded in the version history";
/** Workflows and scheduled queries restore on the client: the Worker has no restore operation for them. */
const CLIENT_RESTORED = VERSIONED_ACTIONS.filter((name): name is Exclude<typeof name, "restore"> => name !== "restore");

/**
 * The frequencies of the scheduled queries among `items`, for the table (JSON prints the
 * server's reply as it is): read only when there are some.
 */
async function frequenciesOf(context: Context, items: WorkflowItem[]): Promise<Frequencies> {
  if (context.format === "json" || !items.some((item) => item.kind === "scheduled_query")) return new Map();
  const { scheduled_queries } = await context.api.call("scheduled_queries_list");
  return new Map(scheduled_queries.map((query) => [query.scheduled_query_id, query.frequency]));
}

export function registerWorkflows(program: Command) {
  const workflows = addGlobalOptions(program.command("workflows")).description(
    "manage workflows: stages of activities run on a schedule, on new scans, on demand or after another workflow",
  );
  const { resource: workflow } = namedBy("workflow", "<workflow>", "workflow_id", workflowLookup);

  addResourceCommands(workflows, {
    ...workflow,
    operations: operationsNamed("workflows", CLIENT_RESTORED),
    list: {
      description: "list the workflows (scheduled queries among them, as kind scheduled_query) with their last run and next due time",
      view: async (json, context) => workflowsTable(json.workflows, await frequenciesOf(context, json.workflows)),
    },
    get: {
      description: "show a workflow: its schedule, stages and activities, last run and next due time",
      view: async (json, context) => workflowFields(json, await frequenciesOf(context, [json])),
    },
    create: {
      args: "",
      description: "create a workflow from a definition file (YAML or JSON: name, schedule, watch_scans, enabled, stages, trigger_workflows)",
      options: (command) => command.requiredOption("--file <definition>", "the definition file").option("--comment <text>", COMMENT_HELP),
      body: (_, options: { file: string; comment?: string }) => asGiven({ ...readDefinition(options.file, WORKFLOW_ADDED), comment: options.comment }),
      created: (json) => `created workflow ${json.workflow_id} (${json.name}, version ${json.current_version})`,
    },
    update: {
      style: "replace",
      description: "replace a workflow's definition with a file's, as a new version (based on its current version; a concurrent change makes it fail)",
      added: WORKFLOW_ADDED,
      updated: (json) => `updated workflow ${json.workflow_id} to version ${json.current_version}`,
    },
    delete: { description: "delete a workflow with its versions and run history" },
    versions: { view: (json) => namedVersionsTable(json.versions) },
    version_get: { view: workflowVersionFields },
    restore: {
      style: "replace",
      description: 'save version <n>\'s definition again as a new version, commented "Restored from version <n>"',
      shape: workflowBody.shape,
      restored: (json, version) => `restored workflow ${json.workflow_id} from version ${version} as version ${json.current_version}`,
    },
  });

  addRunCommands(workflows, {
    ...workflow,
    operations: operationsNamed("workflows", RUN_ACTIONS),
    step: "activity",
    requested: (json) => `requested run ${json.run_id} of workflow ${json.workflow_id} at ${json.run_requested_at}`,
  });

  addGlobalOptions(workflows.command("activity-types"))
    .description("list the activity types a stage may use and their parameters (* required)")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.call("workflows_activity_types"), (json) => activityTypesTable(json.activity_types));
      }),
    );
}

export function registerScheduledQueries(program: Command) {
  const queries = addGlobalOptions(program.command("scheduled-queries")).description(
    "manage scheduled queries (deprecated; a workflow of one query and its actions)",
  );
  const { resource: query } = namedBy("scheduled query", "<query>", "scheduled_query_id", scheduledQueryLookup);

  addResourceCommands(queries, {
    ...query,
    operations: operationsNamed("scheduled_queries", CLIENT_RESTORED),
    list: {
      description: "list the scheduled queries with their last run and next due time",
      view: (json) => scheduledQueriesTable(json.scheduled_queries),
    },
    get: { description: "show a scheduled query: its schedule, Cypher, params and actions, last run and next due time", view: scheduledQueryFields },
    create: {
      args: "",
      description:
        "create a scheduled query from a definition file (YAML or JSON: name, cypher, params, frequency or schedule or watch_scans, enabled, actions)",
      options: (command) => command.requiredOption("--file <definition>", "the definition file").option("--comment <text>", COMMENT_HELP),
      body: (_, options: { file: string; comment?: string }) => asGiven({ ...readDefinition(options.file, SCHEDULED_QUERY_ADDED), comment: options.comment }),
      created: (json) => `created scheduled query ${json.scheduled_query_id} (${json.name}, version ${json.current_version})`,
    },
    update: {
      style: "replace",
      description: "replace a scheduled query's definition with a file's, as a new version (based on its current version)",
      added: SCHEDULED_QUERY_ADDED,
      updated: (json) => `updated scheduled query ${json.scheduled_query_id} to version ${json.current_version}`,
    },
    delete: { description: "delete a scheduled query with its versions and run history" },
    versions: { view: (json) => namedVersionsTable(json.versions) },
    version_get: { view: scheduledQueryVersionFields },
    restore: {
      style: "replace",
      description: 'save version <n>\'s definition again as a new version, commented "Restored from version <n>"',
      shape: scheduledQueryBody.shape,
      restored: (json, version) => `restored scheduled query ${json.scheduled_query_id} from version ${version} as version ${json.current_version}`,
    },
  });

  addRunCommands(queries, {
    ...query,
    operations: operationsNamed("scheduled_queries", RUN_ACTIONS),
    step: "action",
    requested: (json) => `requested a run of scheduled query ${json.scheduled_query_id} at ${json.run_requested_at}`,
  });
}
