// The run operations of a resource that runs (workflows, scheduled queries), generated from its
// declaration: request a run now (202: the scheduler starts it), its runs newest first, and one
// run. The routes sit under the item: `{item}/run`, `{item}{runs}`, `{item}{runs}/{run_id}`.
import { z } from "zod";
import type { Permission } from "../../auth/permissions";
import type { Operation, OperationContext } from "../operation";
import { defineGenerated, routes } from "./route";

export type RunAction = "run" | "runs" | "run_get";

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
      ...route("runs", "get", `${item}${spec.runsPath}`, permissions.read, itemParams),
      response: z.object({ runs: z.array(schemas.run) }),
      run: async (ctx, { params }) => ({ runs: await resource(ctx).runs(key(params)) }),
    }),
    run_get: defineGenerated({
      ...route("run_get", "get", `${item}${spec.runsPath}/{run_id}`, permissions.read, withRun(itemParams)),
      response: schemas.run,
      // Read back with its own schema, as the generic shape hides the run id from TypeScript.
      run: (ctx, { params }) => resource(ctx).run(key(params), runId.parse(params).run_id),
    }),
  };
}
