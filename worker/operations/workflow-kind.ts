// The operations of one kind of workflow: workflows, and scheduled queries (upstream Seizu's
// deprecated alias of them). Both kinds lay out their routes alike and are named by one word,
// which is their group, their permissions' scope, their operationIds' prefix, their list's field
// and their seed file's section. A change replaces the whole definition (PUT) and there is no
// restore, as upstream has none; the seed section is exported and imported by name; a run is
// requested and read under the item (generators/run-operations.ts).
import { z } from "zod";
import type { ResourceTypes, ServiceOf } from "../kit/resource-service";
import { importOutcome, importSection, workflowRun } from "../workflows/schemas";
import { type RunAction, type RunService, runOperations } from "./generators/run-operations";
import { versionedOperations } from "./generators/versioned-operations";
import type { OperationContext } from "./operation";

const DEFINITION_ACTIONS = ["list", "export", "import", "create", "get", "update", "delete", "versions", "version_get"] as const;
type DefinitionAction = (typeof DEFINITION_ACTIONS)[number];

interface WorkflowKindSpec<IS extends z.core.$ZodShape, Requested> {
  kind: "workflows" | "scheduled_queries";
  collection: string;
  itemParams: z.ZodObject<IS>;
  idParam: keyof IS & string;
  /** The item's id, from the path parameters of an item's route. */
  key(params: z.output<z.ZodObject<IS>>): string;
  /** What a summary calls one item. */
  noun: string;
  /** Where the runs are, under the item. */
  runsPath: string;
  summaries: Record<DefinitionAction | RunAction, string>;
  schemas: { item: z.ZodType; entry: z.ZodType; body: z.ZodType; input: z.ZodType; requested: z.ZodType<unknown, Requested> };
  resource(ctx: OperationContext): ServiceOf<DefinitionAction, string, ResourceTypes> & RunService<string, Requested, unknown>;
}

export function workflowKindOperations<IS extends z.core.$ZodShape, Requested>(spec: WorkflowKindSpec<IS, Requested>) {
  const { kind, collection, itemParams, idParam, key, schemas, summaries, resource } = spec;
  const permissions = { read: `${kind}:read`, write: `${kind}:write`, delete: `${kind}:delete` } as const;
  const definitions = versionedOperations({
    group: kind,
    collection,
    itemParams,
    idParam,
    key,
    noun: spec.noun,
    actions: DEFINITION_ACTIONS,
    updateStyle: "replace",
    operationIds: { prefix: `${kind}_` },
    summaries,
    permissions,
    listField: kind,
    schemas: {
      item: schemas.item,
      entry: schemas.entry,
      create: schemas.input,
      update: schemas.input,
      exported: z.object({ [kind]: z.array(schemas.body) }),
      import: importSection(kind),
      imported: importOutcome,
    },
    resource,
  });
  const runs = runOperations({
    group: kind,
    collection,
    itemParams,
    idParam,
    key,
    runsPath: spec.runsPath,
    operationIds: { prefix: `${kind}_` },
    summaries,
    permissions,
    schemas: { requested: schemas.requested, run: workflowRun },
    resource,
  });
  return { ...definitions, ...runs };
}
