// `seizu workflows ...` and `seizu scheduled-queries ...`: workflows (stages of activities run on a
// schedule, on new scans, on demand or after another workflow) and the deprecated scheduled
// queries over the REST API: list and read them, create and replace them from a definition
// file, their versions (restore is client-side, as upstream's: the old definition saved again
// as a new version), requesting a run and following it, and the run history.
import type { Command } from "commander";
import { scheduledQueryBody, workflowBody } from "../../worker/api";
import { asGiven, type WorkflowItem, type WorkflowRun } from "../api";
import { action, type Context } from "../context";
import { readDefinition, SCHEDULED_QUERY_ADDED, WORKFLOW_ADDED } from "../definition-file";
import { ApiError, EXIT_FAILURE } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { progress } from "../progress";
import {
  activityTypesTable,
  type Frequencies,
  runFields,
  runsTable,
  scheduledQueriesTable,
  scheduledQueryFields,
  scheduledQueryVersionFields,
  workflowFields,
  workflowsTable,
  workflowVersionFields,
} from "../workflow-views";
import { addResourceCommands, namedBy, operationsNamed, positiveNumber, VERSIONED_ACTIONS } from "./resource";
import { namedVersionsTable } from "../views";

/** A run that ended failed, or did not end in time: exit 1 after its detail was printed. */
class RunNotSucceeded extends Error {
  exitCode = EXIT_FAILURE;
}

const COMMENT_HELP = "why, recorded in the version history";
const WAIT_HELP = "follow the run until it succeeded or failed and show what each activity did (exit 1 when it failed)";
const TIMEOUT_HELP = "with --wait: give up after this many seconds (default 600)";
const POLL_MS = 1000;
/** Workflows and scheduled queries restore on the client: the Worker has no restore operation for them. */
const CLIENT_RESTORED = VERSIONED_ACTIONS.filter((name): name is Exclude<typeof name, "restore"> => name !== "restore");

interface WaitOptions {
  wait?: boolean;
  timeout?: number;
  progress?: boolean;
}

/**
 * Polls until `find` gives a finished run. Until the scheduler claims the request (at once, or at
 * the next reconcile within a minute) the run does not exist yet: `find` answers undefined.
 */
async function follow(find: () => Promise<WorkflowRun | undefined>, label: string, options: WaitOptions): Promise<WorkflowRun> {
  const step = progress(Boolean(options.progress));
  const deadline = Date.now() + (options.timeout ?? 600) * 1000;
  let last: string | undefined;
  for (;;) {
    const run = await find();
    const status = run?.status ?? "requested";
    if (status !== last) step(`run ${label}: ${status}`);
    last = status;
    if (run && (run.status === "succeeded" || run.status === "failed")) return run;
    if (Date.now() >= deadline) {
      throw new RunNotSucceeded(`run ${label} is still ${status} after ${options.timeout ?? 600} s (seizu runs show it later)`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A run not there yet (404: not claimed yet) is undefined; any other failure is one. */
async function orMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Prints the finished run (after the request), and exits 1 when it failed. */
function finish(context: Context, requested: object, run: WorkflowRun, heading: string) {
  emit(context.format, { ...requested, run }, (json) => `${heading}\n\n${runFields(json.run)}`);
  if (run.status === "failed") throw new RunNotSucceeded(`run ${run.run_id} failed${run.error ? `: ${run.error}` : ""}`);
}

/**
 * The frequencies of the scheduled queries among `items`, for the table (JSON prints the
 * server's reply as it is): read only when there are some.
 */
async function frequenciesOf(context: Context, items: WorkflowItem[]): Promise<Frequencies> {
  if (context.format === "json" || !items.some((item) => item.kind === "scheduled_query")) return new Map();
  const { scheduled_queries } = await context.api.call("scheduled_queries_list");
  return new Map(scheduled_queries.map((query) => [query.scheduled_query_id, query.frequency]));
}

const addWaitOptions = (command: Command) =>
  command
    .option("--wait", WAIT_HELP)
    .option("--timeout <seconds>", TIMEOUT_HELP, positiveNumber("--timeout"))
    .option("--progress", "with --wait: report the run's status on stderr even when it is not a terminal");

/** What `runs` and `run-get` need of a workflow or a scheduled query: both keep workflow runs. */
interface RunHistory {
  /** The argument that names one: "<workflow>". */
  id: string;
  noun: string;
  /** What a run's steps are called: "activity". */
  step: string;
  runs(context: Context, id: string): Promise<{ runs: WorkflowRun[] }>;
  run(context: Context, id: string, runId: string): Promise<WorkflowRun>;
}

function addRunHistory(parent: Command, history: RunHistory) {
  addGlobalOptions(parent.command(`runs ${history.id}`))
    .description(`list the ${history.noun}'s runs, newest first (the last 50)`)
    .action(
      action(async (context, id: string) => {
        emit(context.format, await history.runs(context, id), (json) => runsTable(json.runs));
      }),
    );

  addGlobalOptions(parent.command(`run-get ${history.id} <run>`))
    .description(`show one run: its status and times, and what each ${history.step} did`)
    .action(
      action(async (context, id: string, runId: string) => {
        emit(context.format, await history.run(context, id, runId), runFields);
      }),
    );
}

export function registerWorkflows(program: Command) {
  const workflows = addGlobalOptions(program.command("workflows")).description(
    "manage workflows: stages of activities run on a schedule, on new scans, on demand or after another workflow",
  );
  const { resource: workflow, params } = namedBy("workflow", "<workflow>", "workflow_id");

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

  addWaitOptions(addGlobalOptions(workflows.command("run <workflow>")))
    .description("request a run now (even while disabled); it starts at once or within a minute")
    .action(
      action(async (context, id: string, options: WaitOptions) => {
        const requested = await context.api.call("workflows_run", { params: params(id), body: {} });
        const heading = `requested run ${requested.run_id} of workflow ${requested.workflow_id} at ${requested.run_requested_at}`;
        if (!options.wait) {
          emit(context.format, requested, () => heading);
          return;
        }
        const find = () => orMissing(context.api.call("workflows_run_get", { params: { ...params(id), run_id: requested.run_id } }));
        const run = await follow(find, requested.run_id, options);
        finish(context, requested, run, heading);
      }),
    );

  addRunHistory(workflows, {
    id: "<workflow>",
    noun: "workflow",
    step: "activity",
    runs: (context, id) => context.api.call("workflows_runs", { params: params(id) }),
    run: (context, id, runId) => context.api.call("workflows_run_get", { params: { ...params(id), run_id: runId } }),
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
  const { resource: query, params } = namedBy("scheduled query", "<query>", "scheduled_query_id");

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

  addWaitOptions(addGlobalOptions(queries.command("run <query>")))
    .description("request a run now (even while disabled); it starts at once or within a minute")
    .action(
      action(async (context, id: string, options: WaitOptions) => {
        const requested = await context.api.call("scheduled_queries_run", { params: params(id), body: {} });
        const heading = `requested a run of scheduled query ${requested.scheduled_query_id} at ${requested.run_requested_at}`;
        if (!options.wait) {
          emit(context.format, requested, () => heading);
          return;
        }
        // The reply names no run: the run for this request is the manual one scheduled for its time.
        const at = Date.parse(requested.run_requested_at);
        const find = async () =>
          (await context.api.call("scheduled_queries_runs", { params: params(id) })).runs.find(
            (run) => run.trigger === "manual" && Date.parse(run.scheduled_for) === at,
          );
        const run = await follow(find, `of ${id} requested at ${requested.run_requested_at}`, options);
        finish(context, requested, run, heading);
      }),
    );

  addRunHistory(queries, {
    id: "<query>",
    noun: "scheduled query",
    step: "action",
    runs: (context, id) => context.api.call("scheduled_queries_runs", { params: params(id) }),
    run: (context, id, runId) => context.api.call("scheduled_queries_run_get", { params: { ...params(id), run_id: runId } }),
  });
}
