// `seizu workflows ...` and `seizu scheduled-queries ...`: workflows (stages of activities run on a
// schedule, on new scans, on demand or after another workflow) and the deprecated scheduled
// queries over the REST API: list and read them, create and replace them from a definition
// file, their versions (restore is client-side, as upstream's: the old definition saved again
// as a new version), requesting a run and following it, and the run history.
import type { Command } from "commander";
import { scheduledQueryBody, workflowBody } from "../../worker/workflows/schemas";
import type { Api, WorkflowItem, WorkflowRun } from "../api";
import { action, type Context } from "../context";
import { readDefinition, SCHEDULED_QUERY_ADDED, WORKFLOW_ADDED } from "../definition-file";
import { ApiError, EXIT_FAILURE, UsageError } from "../errors";
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
  workflowVersionsTable,
} from "../workflow-views";

/** A run that ended failed, or did not end in time: exit 1 after its detail was printed. */
class RunNotSucceeded extends Error {
  exitCode = EXIT_FAILURE;
}

const positive = (what: string) => (text: string) => {
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`${what} ${JSON.stringify(text)} must be a positive whole number`);
  return Number(text);
};
const versionNumber = positive("version");

/** The definition fields of a stored version, as create and update take them. */
const pick = (from: object, shape: object) => Object.fromEntries(Object.entries(from).filter(([key]) => Object.hasOwn(shape, key)));

const COMMENT_HELP = "why, recorded in the version history";
const WAIT_HELP = "follow the run until it succeeded or failed and show what each activity did (exit 1 when it failed)";
const TIMEOUT_HELP = "with --wait: give up after this many seconds (default 600)";
const POLL_MS = 1000;

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
  const { scheduled_queries } = await context.api.scheduledQueries.list();
  return new Map(scheduled_queries.map((query) => [query.scheduled_query_id, query.frequency]));
}

const addWaitOptions = (command: Command) =>
  command
    .option("--wait", WAIT_HELP)
    .option("--timeout <seconds>", TIMEOUT_HELP, positive("--timeout"))
    .option("--progress", "with --wait: report the run's status on stderr even when it is not a terminal");

export function registerWorkflows(program: Command) {
  const workflows = addGlobalOptions(program.command("workflows")).description(
    "manage workflows: stages of activities run on a schedule, on new scans, on demand or after another workflow",
  );
  const api = (context: Context): Api["workflows"] => context.api.workflows;

  addGlobalOptions(workflows.command("list"))
    .description("list the workflows (scheduled queries among them, as kind scheduled_query) with their last run and next due time")
    .action(
      action(async (context) => {
        const reply = await api(context).list();
        const frequencies = await frequenciesOf(context, reply.workflows);
        emit(context.format, reply, (json) => workflowsTable(json.workflows, frequencies));
      }),
    );

  addGlobalOptions(workflows.command("get <workflow>"))
    .description("show a workflow: its schedule, stages and activities, last run and next due time")
    .action(
      action(async (context, id: string) => {
        const reply = await api(context).get(id);
        const frequencies = await frequenciesOf(context, [reply]);
        emit(context.format, reply, (json) => workflowFields(json, frequencies));
      }),
    );

  addGlobalOptions(workflows.command("create"))
    .description("create a workflow from a definition file (YAML or JSON: name, schedule, watch_scans, enabled, stages, trigger_workflows)")
    .requiredOption("--file <definition>", "the definition file")
    .option("--comment <text>", COMMENT_HELP)
    .action(
      action(async (context, options: { file: string; comment?: string }) => {
        const reply = await api(context).create({ ...readDefinition(options.file, WORKFLOW_ADDED), comment: options.comment });
        emit(context.format, reply, (json) => `created workflow ${json.workflow_id} (${json.name}, version ${json.current_version})`);
      }),
    );

  addGlobalOptions(workflows.command("update <workflow>"))
    .description("replace a workflow's definition with a file's, as a new version (based on its current version; a concurrent change makes it fail)")
    .requiredOption("--file <definition>", "the definition file (the whole definition, as for create)")
    .option("--base-version <n>", "the version this change is based on (default: the current one, read first)", positive("--base-version"))
    .option("--comment <text>", COMMENT_HELP)
    .action(
      action(async (context, id: string, options: { file: string; baseVersion?: number; comment?: string }) => {
        const definition = readDefinition(options.file, WORKFLOW_ADDED);
        const base = options.baseVersion ?? (await api(context).get(id)).current_version;
        const reply = await api(context).replace(id, { ...definition, base_version: base, comment: options.comment });
        emit(context.format, reply, (json) => `updated workflow ${json.workflow_id} to version ${json.current_version}`);
      }),
    );

  addGlobalOptions(workflows.command("delete <workflow>"))
    .description("delete a workflow with its versions and run history")
    .action(
      action(async (context, id: string) => {
        await api(context).delete(id);
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, workflow_id: id }, () => `deleted workflow ${id}`);
      }),
    );

  addGlobalOptions(workflows.command("versions <workflow>"))
    .description("list the workflow's versions, newest first")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await api(context).versions(id), (json) => workflowVersionsTable(json.versions));
      }),
    );

  addGlobalOptions(workflows.command("version-get <workflow> <n>"))
    .description("show version <n> of the workflow")
    .action(
      action(async (context, id: string, n: string) => {
        emit(context.format, await api(context).version(id, versionNumber(n)), workflowVersionFields);
      }),
    );

  addGlobalOptions(workflows.command("restore <workflow> <n>"))
    .description('save version <n>\'s definition again as a new version, commented "Restored from version <n>"')
    .action(
      action(async (context, id: string, n: string) => {
        const version = versionNumber(n);
        const [old, current] = await Promise.all([api(context).version(id, version), api(context).get(id)]);
        const body = { ...pick(old, workflowBody.shape), base_version: current.current_version, comment: `Restored from version ${version}` };
        const reply = await api(context).replace(id, body);
        emit(context.format, reply, (json) => `restored workflow ${json.workflow_id} from version ${version} as version ${json.current_version}`);
      }),
    );

  addWaitOptions(addGlobalOptions(workflows.command("run <workflow>")))
    .description("request a run now (even while disabled); it starts at once or within a minute")
    .action(
      action(async (context, id: string, options: WaitOptions) => {
        const requested = await api(context).run(id);
        const heading = `requested run ${requested.run_id} of workflow ${requested.workflow_id} at ${requested.run_requested_at}`;
        if (!options.wait) {
          emit(context.format, requested, () => heading);
          return;
        }
        const run = await follow(() => orMissing(api(context).getRun(id, requested.run_id)), requested.run_id, options);
        finish(context, requested, run, heading);
      }),
    );

  addGlobalOptions(workflows.command("runs <workflow>"))
    .description("list the workflow's runs, newest first (the last 50)")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await api(context).runs(id), (json) => runsTable(json.runs));
      }),
    );

  addGlobalOptions(workflows.command("run-get <workflow> <run>"))
    .description("show one run: its status and times, and what each activity did")
    .action(
      action(async (context, id: string, runId: string) => {
        emit(context.format, await api(context).getRun(id, runId), runFields);
      }),
    );

  addGlobalOptions(workflows.command("activity-types"))
    .description("list the activity types a stage may use and their parameters (* required)")
    .action(
      action(async (context) => {
        emit(context.format, await api(context).activityTypes(), (json) => activityTypesTable(json.activity_types));
      }),
    );
}

export function registerScheduledQueries(program: Command) {
  const queries = addGlobalOptions(program.command("scheduled-queries")).description(
    "manage scheduled queries (deprecated; a workflow of one query and its actions)",
  );
  const api = (context: Context): Api["scheduledQueries"] => context.api.scheduledQueries;

  addGlobalOptions(queries.command("list"))
    .description("list the scheduled queries with their last run and next due time")
    .action(
      action(async (context) => {
        emit(context.format, await api(context).list(), (json) => scheduledQueriesTable(json.scheduled_queries));
      }),
    );

  addGlobalOptions(queries.command("get <query>"))
    .description("show a scheduled query: its schedule, Cypher, params and actions, last run and next due time")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await api(context).get(id), scheduledQueryFields);
      }),
    );

  addGlobalOptions(queries.command("create"))
    .description("create a scheduled query from a definition file (YAML or JSON: name, cypher, params, frequency or schedule or watch_scans, enabled, actions)")
    .requiredOption("--file <definition>", "the definition file")
    .option("--comment <text>", COMMENT_HELP)
    .action(
      action(async (context, options: { file: string; comment?: string }) => {
        const reply = await api(context).create({ ...readDefinition(options.file, SCHEDULED_QUERY_ADDED), comment: options.comment });
        emit(context.format, reply, (json) => `created scheduled query ${json.scheduled_query_id} (${json.name}, version ${json.current_version})`);
      }),
    );

  addGlobalOptions(queries.command("update <query>"))
    .description("replace a scheduled query's definition with a file's, as a new version (based on its current version)")
    .requiredOption("--file <definition>", "the definition file (the whole definition, as for create)")
    .option("--base-version <n>", "the version this change is based on (default: the current one, read first)", positive("--base-version"))
    .option("--comment <text>", COMMENT_HELP)
    .action(
      action(async (context, id: string, options: { file: string; baseVersion?: number; comment?: string }) => {
        const definition = readDefinition(options.file, SCHEDULED_QUERY_ADDED);
        const base = options.baseVersion ?? (await api(context).get(id)).current_version;
        const reply = await api(context).replace(id, { ...definition, base_version: base, comment: options.comment });
        emit(context.format, reply, (json) => `updated scheduled query ${json.scheduled_query_id} to version ${json.current_version}`);
      }),
    );

  addGlobalOptions(queries.command("delete <query>"))
    .description("delete a scheduled query with its versions and run history")
    .action(
      action(async (context, id: string) => {
        await api(context).delete(id);
        emit(context.format, { deleted: true, scheduled_query_id: id }, () => `deleted scheduled query ${id}`);
      }),
    );

  addGlobalOptions(queries.command("versions <query>"))
    .description("list the scheduled query's versions, newest first")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await api(context).versions(id), (json) => workflowVersionsTable(json.versions));
      }),
    );

  addGlobalOptions(queries.command("version-get <query> <n>"))
    .description("show version <n> of the scheduled query")
    .action(
      action(async (context, id: string, n: string) => {
        emit(context.format, await api(context).version(id, versionNumber(n)), scheduledQueryVersionFields);
      }),
    );

  addGlobalOptions(queries.command("restore <query> <n>"))
    .description('save version <n>\'s definition again as a new version, commented "Restored from version <n>"')
    .action(
      action(async (context, id: string, n: string) => {
        const version = versionNumber(n);
        const [old, current] = await Promise.all([api(context).version(id, version), api(context).get(id)]);
        const body = { ...pick(old, scheduledQueryBody.shape), base_version: current.current_version, comment: `Restored from version ${version}` };
        const reply = await api(context).replace(id, body);
        emit(context.format, reply, (json) => `restored scheduled query ${json.scheduled_query_id} from version ${version} as version ${json.current_version}`);
      }),
    );

  addWaitOptions(addGlobalOptions(queries.command("run <query>")))
    .description("request a run now (even while disabled); it starts at once or within a minute")
    .action(
      action(async (context, id: string, options: WaitOptions) => {
        const requested = await api(context).run(id);
        const heading = `requested a run of scheduled query ${requested.scheduled_query_id} at ${requested.run_requested_at}`;
        if (!options.wait) {
          emit(context.format, requested, () => heading);
          return;
        }
        // The reply names no run: the run for this request is the manual one scheduled for its time.
        const at = Date.parse(requested.run_requested_at);
        const find = async () => (await api(context).runs(id)).runs.find((run) => run.trigger === "manual" && Date.parse(run.scheduled_for) === at);
        const run = await follow(find, `of ${id} requested at ${requested.run_requested_at}`, options);
        finish(context, requested, run, heading);
      }),
    );

  addGlobalOptions(queries.command("runs <query>"))
    .description("list the scheduled query's runs, newest first (the last 50)")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await api(context).runs(id), (json) => runsTable(json.runs));
      }),
    );

  addGlobalOptions(queries.command("run-get <query> <run>"))
    .description("show one run: its status and times, and what each action did")
    .action(
      action(async (context, id: string, runId: string) => {
        emit(context.format, await api(context).getRun(id, runId), runFields);
      }),
    );
}
