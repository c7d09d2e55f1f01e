// The run operations of a resource that runs (workflows, scheduled queries), generated from its
// declaration: request a run now (202: the scheduler starts it), its runs newest first, and one
// run. The routes sit under the item: `{item}/run`, `{item}{runs}`, `{item}{runs}/{run_id}`.
import { z } from "zod";
import type { Permission } from "../../auth/permissions";
import { NotFoundError } from "../../errors/domain";
import type { Operation, OperationContext } from "../operation";
import { defineGenerated, routes } from "./route";

export type RunAction = "run" | "runs" | "run_get" | "run_get_upstream";

/** What the generated run operations call. `K` names one item, as the resource's other operations do. */
export interface RunService<K, Requested, Run> {
  /** How a person knows the item (an approval's target): looked up, NotFoundError when missing. */
  describe(key: K): Promise<string>;
  requestRun(key: K): Promise<Requested>;
  runs(key: K): Promise<Run[]>;
  run(key: K, runId: string): Promise<Run>;
}

type Shape = z.core.$ZodShape;

export interface RunOperationsSpec<K, IS extends Shape, Requested, Run> {
  group: string;
  /** OpenAPI path of the collection: /workflows. */
  collection: string;
  /** Path parameters of one item. */
  itemParams: z.ZodObject<IS>;
  /** The item id's path parameter: workflow_id. */
  idParam: keyof IS & string;
  /** How the service names an item, from the path parameters of an item's route (a run's included). */
  key(params: z.output<z.ZodObject<IS>> | z.output<RunParams<IS>>): K;
  /** Where the runs are, under the item: /runs. */
  runsPath: string;
  /** operationIds are `{prefix}{action}` (workflows_run, ...). */
  operationIds: { prefix: string };
  summaries: Record<RunAction, string>;
  permissions: { read: Permission; write: Permission };
  schemas: { requested: z.ZodType<unknown, Requested>; run: z.ZodType<unknown, Run> };
  resource(ctx: OperationContext): RunService<K, Requested, Run>;
}

const runIdParam = z.string().describe("Run id (its Workflows instance id)");
const withRun = <S extends Shape>(params: z.ZodObject<S>) => params.extend({ run_id: runIdParam });
type RunParams<S extends Shape> = ReturnType<typeof withRun<S>>;
const runId = z.object({ run_id: runIdParam });
/**
 * Upstream Seizu names a run by its Temporal workflow id and run id; its clients send the
 * workflow's id there, the id runs here are recorded under.
 */
const upstreamRunParams = z.object({ temporal_workflow_id: z.string().describe("The workflow's id (upstream Seizu's Temporal workflow id)") });
/** ?limit= on a run list, as upstream Seizu takes it (1–50; at most 50 runs are kept). */
const runListQuery = z.object({
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(50, "must be at most 50")
    .optional()
    .describe("At most this many runs, newest first (1–50; default: every run kept)"),
});

export function runOperations<K, IS extends Shape, Requested, Run>(spec: RunOperationsSpec<K, IS, Requested, Run>): Record<RunAction, Operation> {
  const { itemParams, permissions, schemas, resource, key } = spec;
  const item = `${spec.collection}/{${spec.idParam}}`;
  const route = routes(spec.group, spec.operationIds, spec.summaries);
  return {
    run: defineGenerated({
      ...route("run", "post", `${item}/run`, permissions.write, itemParams),
      optionalBody: true,
      body: z.object({}).strict(),
      response: schemas.requested,
      status: 202,
      target: (ctx, { params }) => resource(ctx).describe(key(params)),
      run: (ctx, { params }) => resource(ctx).requestRun(key(params)),
    }),
    runs: defineGenerated({
      ...route("runs", "get", `${item}${spec.runsPath}`, permissions.read, itemParams.extend(runListQuery.shape)),
      response: z.object({ runs: z.array(schemas.run) }),
      run: async (ctx, { params }) => {
        const { limit } = runListQuery.parse(params);
        return { runs: (await resource(ctx).runs(key(itemParams.parse(params)))).slice(0, limit) };
      },
    }),
    run_get: defineGenerated({
      ...route("run_get", "get", `${item}${spec.runsPath}/{run_id}`, permissions.read, withRun(itemParams)),
      response: schemas.run,
      // Read back with its own schema, as the generic shape hides the run id from TypeScript.
      run: (ctx, { params }) => resource(ctx).run(key(params), runId.parse(params).run_id),
    }),
    run_get_upstream: defineGenerated({
      ...route(
        "run_get_upstream",
        "get",
        `${item}${spec.runsPath}/{temporal_workflow_id}/{run_id}`,
        permissions.read,
        withRun(itemParams).extend(upstreamRunParams.shape),
      ),
      response: schemas.run,
      run: (ctx, { params }) => {
        const { temporal_workflow_id } = upstreamRunParams.parse(params);
        const { run_id } = runId.parse(params);
        const item = itemParams.parse(params);
        const id = String((item as Record<string, unknown>)[spec.idParam]);
        if (temporal_workflow_id !== id) throw new NotFoundError(`run ${temporal_workflow_id}/${run_id} is not a run of ${id}`);
        return resource(ctx).run(key(item), run_id);
      },
    }),
  };
}
