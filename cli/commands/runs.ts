// The run commands of a resource the Worker runs (workflows, scheduled queries; its
// runOperations generator makes their operations): `run` requests a run (and with --wait follows
// it to its end), `runs` lists the run history and `run-get` shows one run. Both kinds keep
// workflow runs, so the views are the same.
import type { Command } from "commander";
import type { OperationId, ReplyOf } from "../../worker/api";
import type { WorkflowRun } from "../api";
import { action, type Context } from "../context";
import { ApiError, EXIT_FAILURE } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { progress } from "../progress";
import { runFields, runsTable } from "../workflow-views";
import { call, type Lookup, positiveNumber } from "./resource";

/** The run operations, in the order their commands are listed. */
export const RUN_ACTIONS = ["run", "runs", "run_get"] as const;
type RunOperations = Record<(typeof RUN_ACTIONS)[number], OperationId>;

/** A run that ended failed, or did not end in time: exit 1 after its detail was printed. */
class RunNotSucceeded extends Error {
  exitCode = EXIT_FAILURE;
}

const WAIT_HELP = "follow the run until it succeeded or failed and show what each activity did (exit 1 when it failed)";
const TIMEOUT_HELP = "with --wait: give up after this many seconds (default 600)";
const POLL_MS = 1000;

interface WaitOptions {
  wait?: boolean;
  timeout?: number;
  progress?: boolean;
}

/** What a run request answers: the run's id where it names one (a workflow's), and the request's time. */
type RunRequest = { run_id?: string; run_requested_at: string };

export interface RunCommands<O extends RunOperations> {
  /** What texts call one: "workflow". */
  noun: string;
  /** The argument that names one: "<workflow>". */
  ids: string;
  params(id: string): Record<string, string>;
  /** Resolves the argument to an id, where the resource may also be named by its name. */
  lookup?: Lookup;
  operations: O;
  /** What a run's steps are called: "activity". */
  step: string;
  /** What the run request's reply says. */
  requested(json: ReplyOf<O["run"]>): string;
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

/**
 * The run a request made, as `follow` looks for it and names it: by the id the reply names, or
 * where it names none (a scheduled query's), as the manual run scheduled for the request's time.
 */
function requestedRun(context: Context, operations: RunOperations, id: string, at: Record<string, string>, requested: RunRequest) {
  const runId = requested.run_id;
  if (runId !== undefined) {
    return { label: runId, find: () => orMissing(call<WorkflowRun>(context, operations.run_get, { params: { ...at, run_id: runId } })) };
  }
  const time = Date.parse(requested.run_requested_at);
  const find = async () =>
    (await call<{ runs: WorkflowRun[] }>(context, operations.runs, { params: at })).runs.find(
      (run) => run.trigger === "manual" && Date.parse(run.scheduled_for) === time,
    );
  return { label: `of ${id} requested at ${requested.run_requested_at}`, find };
}

/** Adds `run`, `runs` and `run-get` to `parent`, in that order. */
export function addRunCommands<O extends RunOperations>(parent: Command, spec: RunCommands<O>) {
  const { noun, ids, operations } = spec;
  const paramsOf = async (context: Context, given: string) => spec.params(spec.lookup ? await spec.lookup(context, given) : given);
  addGlobalOptions(parent.command(`run ${ids}`))
    .option("--wait", WAIT_HELP)
    .option("--timeout <seconds>", TIMEOUT_HELP, positiveNumber("--timeout"))
    .option("--progress", "with --wait: report the run's status on stderr even when it is not a terminal")
    .description("request a run now (even while disabled); it starts at once or within a minute")
    .action(
      action(async (context, id: string, options: WaitOptions) => {
        const at = await paramsOf(context, id);
        const requested = await call<ReplyOf<O["run"]>>(context, operations.run, { params: at, body: {} });
        const heading = spec.requested(requested);
        if (!options.wait) {
          emit(context.format, requested, () => heading);
          return;
        }
        // Every run request's reply is a RunRequest (the Worker's run operations' `requested` schemas).
        const { label, find } = requestedRun(context, operations, id, at, requested as RunRequest);
        const run = await follow(find, label, options);
        emit(context.format, { ...(requested as RunRequest), run }, (json) => `${heading}\n\n${runFields(json.run)}`);
        if (run.status === "failed") throw new RunNotSucceeded(`run ${run.run_id} failed${run.error ? `: ${run.error}` : ""}`);
      }),
    );

  addGlobalOptions(parent.command(`runs ${ids}`))
    .description(`list the ${noun}'s runs, newest first (the last 50)`)
    .action(
      action(async (context, id: string) => {
        const reply = await call<{ runs: WorkflowRun[] }>(context, operations.runs, { params: await paramsOf(context, id) });
        emit(context.format, reply, (json) => runsTable(json.runs));
      }),
    );

  addGlobalOptions(parent.command(`run-get ${ids} <run>`))
    .description(`show one run: its status and times, and what each ${spec.step} did`)
    .action(
      action(async (context, id: string, runId: string) => {
        emit(context.format, await call<WorkflowRun>(context, operations.run_get, { params: { ...(await paramsOf(context, id)), run_id: runId } }), runFields);
      }),
    );
}
