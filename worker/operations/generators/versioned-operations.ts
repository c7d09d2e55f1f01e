// The operations of a resource, generated from its declaration: export and import of its seed
// section, list, create, get, update, delete, its version history, one version, and restore; any
// subset of them. The routes follow one shape: the collection at `collection` (list, create,
// /export, /import), an item at `{collection}/{id}`, its history under `/versions`. How a change
// is sent is the resource's update style:
// - merge: PATCH the item with the fields that change and the base_version (toolsets, roles);
// - merge_and_replace: merge, and beside it PUT the whole definition to the item as upstream
//   Seizu's clients send it (an omitted field takes its default): operation `{prefix}replace`;
// - replace: PUT the whole definition to the item (workflows, scheduled queries, spaces);
// - version: POST the definition to the item's /versions (reports save a version so).
// An action whose operation says more than the generated one (a list with paging, a get of the
// built-in toolset) is overridden: the override receives the generated route, names and
// permission and declares the rest with defineOperation.
import { z } from "zod";
import type { Permission } from "../../auth/permissions";
import { authorOf, defineOperation, type Operation, type OperationContext, type Parsed } from "../operation";
import { markGenerated } from "./generated";
import { createdId, importCounts, recordsChange, versionOf } from "./recorded-change";
import { type OperationBase, required, routes } from "./route";
import type { ResourceAction, ResourceTypes, ServiceOf } from "../../kit/resource-service";
import { restoreInput, type VersionParams, versionNumber, withVersion } from "../../kit/schemas";

export type UpdateStyle = "merge" | "merge_and_replace" | "replace" | "version";

/** The eight actions of a versioned resource, in route order. */
export const VERSIONED_ACTIONS = ["list", "create", "get", "update", "delete", "versions", "version_get", "restore"] as const;
/** A seed file's section of the resource: its export and import, before the routes with parameters they would match. */
export const SEED_ACTIONS = ["export", "import"] as const;
/** A record without versions: what a flat resource (spaces) has. */
export const RECORD_ACTIONS = ["list", "create", "get", "update", "delete"] as const;

type Shape = z.core.$ZodShape;

export interface ResourceOperationsSpec<
  A extends ResourceAction,
  O extends A,
  K,
  IS extends Shape,
  CP extends z.ZodObject | undefined,
  T extends ResourceTypes,
> {
  group: string;
  /** OpenAPI path of the collection: /toolsets, /toolsets/{toolset_id}/tools. */
  collection: string;
  /** Path parameters of the collection (a nested resource's parent id), when it has any. */
  collectionParams?: CP;
  /** Path parameters of one item: the collection's, plus the item's id. */
  itemParams: z.ZodObject<IS>;
  /** The item id's path parameter: toolset_id, tool_id, report_id. */
  idParam: keyof IS & string;
  /** How the service names an item, from the path parameters of an item's route (a version's included). */
  key(params: z.output<z.ZodObject<IS>> | z.output<VersionParams<IS>>): K;
  /** A nested resource's parent id, from the collection's path parameters. */
  parentOf?(params: Parsed<CP>): string;
  /** What a summary calls one item: "toolset", "tool". */
  noun: string;
  /** The actions generated, in the order their operations are listed: VERSIONED_ACTIONS, or any subset. */
  actions: readonly A[];
  /** How a change is sent (see the header); merge unless named. */
  updateStyle?: UpdateStyle;
  /** operationIds are `{prefix}{action}` (toolsets_create, ...) unless named here. */
  operationIds: { prefix: string } & Partial<Record<ResourceAction, string>>;
  /** Summaries where the default wording says too little; export and import have none. */
  summaries?: Partial<Record<ResourceAction, string>>;
  permissions: { read: Permission; write: Permission; delete: Permission };
  /** The list response's field: {"toolsets": [...]}. */
  listField: string;
  /**
   * What version_get answers when upstream Seizu's shape is wanted: the entry with the
   * definition's fields and the item's path ids flat beside it (kit/schemas.ts flatVersionEntry).
   */
  flatVersion?: z.ZodType;
  schemas: {
    /** A list entry, and what create answers. */
    item: z.ZodType<unknown, T["item"]>;
    /** What get, update and restore answer, when more than a list entry. */
    detail?: z.ZodType<unknown, T["detail"]>;
    /** One version of the history. */
    entry?: z.ZodType<unknown, T["entry"]>;
    /** The list's and the history's responses where a schema of that shape is named elsewhere (the typed client prints it by its name). */
    list?: z.ZodType;
    versions?: z.ZodType;
    create?: z.ZodType<T["create"]>;
    update?: z.ZodType<T["update"]>;
    /** The PUT body of merge_and_replace: the whole definition, parsed to what update takes. */
    replace?: z.ZodType<T["update"]>;
    import?: z.ZodType<T["import"]>;
    imported?: z.ZodType<unknown, T["imported"]>;
    exported?: z.ZodType<unknown, T["exported"]>;
  };
  resource(ctx: OperationContext): ServiceOf<Exclude<A, O>, K, T>;
  /** Actions whose operation says more than the generated one (see the header). */
  overrides?: { [P in O]: (base: OperationBase<P extends "list" | "create" | "export" | "import" ? CP : z.ZodObject<IS>>) => Operation };
}

function defaultSummaries(noun: string): Partial<Record<ResourceAction, string>> {
  const a = /^[aeiou]/i.test(noun) ? "an" : "a";
  return {
    list: `List ${noun}s`,
    create: `Create ${a} ${noun}`,
    get: `Get ${a} ${noun}`,
    update: `Change ${a} ${noun} (a new version)`,
    delete: `Delete ${a} ${noun} and its history`,
    versions: `A ${noun}'s version history, newest first`,
    version_get: `One version of ${a} ${noun}`,
    restore: `Restore ${a} ${noun} version as a new version`,
  };
}

const UPDATE_ROUTES = {
  merge: { method: "patch", suffix: "" },
  merge_and_replace: { method: "patch", suffix: "" },
  replace: { method: "put", suffix: "" },
  version: { method: "post", suffix: "/versions" },
} as const;

export function versionedOperations<
  const A extends ResourceAction,
  O extends A = never,
  K = unknown,
  IS extends Shape = Shape,
  CP extends z.ZodObject | undefined = undefined,
  T extends ResourceTypes = ResourceTypes,
>(spec: ResourceOperationsSpec<A, O, K, IS, CP, T>): Record<A, Operation> & { replace?: Operation } {
  const { group, collection, collectionParams, itemParams, operationIds: ids, permissions, schemas } = spec;
  const summaries = { ...defaultSummaries(spec.noun), ...spec.summaries };
  const item = `${collection}/{${spec.idParam}}`;
  const versioned = withVersion(itemParams);
  // Read back with its own schema: TypeScript cannot see the version inside the parsed params of a generic shape.
  const versionOf = (params: z.output<VersionParams<IS>>) => versionNumber.parse(params).version;
  const detail = schemas.detail ?? schemas.item;
  const parentOf = (params: Parsed<CP> | undefined) => (params !== undefined && spec.parentOf ? spec.parentOf(params) : "");
  const update = UPDATE_ROUTES[spec.updateStyle ?? "merge"];
  const route = routes(group, ids, summaries);
  const bases = {
    export: () => route("export", "get", `${collection}/export`, permissions.read, collectionParams),
    import: () => route("import", "post", `${collection}/import`, permissions.write, collectionParams),
    list: () => route("list", "get", collection, permissions.read, collectionParams),
    create: () => route("create", "post", collection, permissions.write, collectionParams),
    get: () => route("get", "get", item, permissions.read, itemParams),
    update: () => route("update", update.method, `${item}${update.suffix}`, permissions.write, itemParams),
    replace: () => ({
      ...route("update", "put", item, permissions.write, itemParams),
      operationId: `${ids.prefix}replace`,
      summary: `${summaries.update}: PUT the whole definition, as upstream Seizu does (an omitted field takes its default)`,
    }),
    delete: () => route("delete", "delete", item, permissions.delete, itemParams),
    versions: () => route("versions", "get", `${item}/versions`, permissions.read, itemParams),
    version_get: () => route("version_get", "get", `${item}/versions/{version}`, permissions.read, versioned),
    restore: () => route("restore", "post", `${item}/versions/{version}/restore`, permissions.write, versioned),
  };

  /** An update: PATCH (or PUT, or POST a version) as the style says, or the PUT beside a merge. */
  function changeOperation(
    service: (ctx: OperationContext) => ServiceOf<"update", K, T>,
    base: ReturnType<typeof bases.update>,
    body: z.ZodType<T["update"]>,
  ): Operation {
    return defineOperation({
      ...base,
      refuse: (ctx, params) => service(ctx).refuse?.(spec.key(params), "change"),
      body,
      response: detail,
      ...(spec.updateStyle === "version" ? { status: 201 as const } : {}),
      target: async (ctx, { params, body }) => {
        await service(ctx).checkUpdate?.(spec.key(params), body);
        return service(ctx).describe(spec.key(params));
      },
      run: (ctx, { params, body }) => service(ctx).update(spec.key(params), body, authorOf(ctx)),
    });
  }

  // Each action's operation calls the methods of its own action alone (ServiceOf), so a resource
  // needs those of the actions it generates and does not override, and nothing else.
  const generated: { [P in ResourceAction]: (service: (ctx: OperationContext) => ServiceOf<P, K, T>) => Operation } = {
    export: (service) =>
      defineOperation({
        ...bases.export(),
        params: undefined,
        response: required(schemas.exported, "schemas.exported"),
        run: (ctx) => service(ctx).export(),
      }),
    import: (service) =>
      defineOperation({
        ...bases.import(),
        params: undefined,
        body: required(schemas.import, "schemas.import"),
        response: required(schemas.imported, "schemas.imported"),
        run: (ctx, { body }) => service(ctx).import(body, authorOf(ctx)),
      }),
    list: (service) =>
      defineOperation({
        ...bases.list(),
        response: schemas.list ?? z.object({ [spec.listField]: z.array(schemas.item) }),
        run: async (ctx, { params }) => ({ [spec.listField]: await service(ctx).list(parentOf(params)) }),
      }),
    create: (service) =>
      defineOperation({
        ...bases.create(),
        // The new id is in the body (or made on write); a guard of creation looks at where it goes.
        refuse: (ctx, params) => service(ctx).refuseCreate?.(parentOf(params)),
        body: required(schemas.create, "schemas.create"),
        response: schemas.item,
        status: 201,
        target: async (ctx, { params, body }) => `new ${await service(ctx).describeNew(body, parentOf(params))}`,
        run: (ctx, { params, body }) => service(ctx).create(body, authorOf(ctx), parentOf(params)),
      }),
    get: (service) =>
      defineOperation({
        ...bases.get(),
        response: detail,
        run: (ctx, { params }) => service(ctx).get(spec.key(params)),
      }),
    update: (service) => changeOperation(service, bases.update(), required(schemas.update, "schemas.update")),
    delete: (service) =>
      defineOperation({
        ...bases.delete(),
        refuse: (ctx, params) => service(ctx).refuse?.(spec.key(params), "delete"),
        target: (ctx, { params }) => service(ctx).describe(spec.key(params)),
        response: null,
        run: (ctx, { params }) => service(ctx).delete(spec.key(params)),
      }),
    versions: (service) =>
      defineOperation({
        ...bases.versions(),
        refuse: (ctx, params) => service(ctx).refuse?.(spec.key(params), "history"),
        response: schemas.versions ?? z.object({ versions: z.array(required(schemas.entry, "schemas.entry")) }),
        run: async (ctx, { params }) => ({ versions: await service(ctx).versions(spec.key(params)) }),
      }),
    version_get: (service) =>
      defineOperation({
        ...bases.version_get(),
        refuse: (ctx, params) => service(ctx).refuse?.(spec.key(params), "history"),
        response: spec.flatVersion ?? required(schemas.entry, "schemas.entry"),
        run: async (ctx, { params }) => {
          const entry = await service(ctx).version(spec.key(params), versionOf(params));
          return spec.flatVersion ? flatten(entry, params) : entry;
        },
      }),
    restore: (service) =>
      defineOperation({
        ...bases.restore(),
        refuse: (ctx, params) => service(ctx).refuse?.(spec.key(params), "change"),
        body: restoreInput,
        optionalBody: true,
        response: detail,
        target: async (ctx, { params }) => {
          await service(ctx).checkRestore(spec.key(params), versionOf(params));
          return `${await service(ctx).describe(spec.key(params))} back to version ${versionOf(params)}`;
        },
        run: (ctx, { params, body }) => service(ctx).restore(spec.key(params), versionOf(params), body, authorOf(ctx)),
      }),
  };

  const overrides: Partial<Record<ResourceAction, (base: never) => Operation>> = spec.overrides ?? {};
  // O names the overridden actions, so an action without an override is one of the others.
  const generates = (action: A): action is Exclude<A, O> => overrides[action] === undefined;
  const generate = <P extends Exclude<A, O>>(action: P) => generated[action](spec.resource);
  const build = (action: A) => {
    if (generates(action)) return generate(action);
    // The base's path parameters are the override's: TypeScript cannot pair them through the optional collectionParams.
    const override = required<(base: never) => Operation>(overrides[action], `the override of ${action}`);
    return override(bases[action]() as never);
  };
  const recorded = changeRecording(spec, parentOf);
  const operations = spec.actions.flatMap((action) => {
    const built = [[action, recorded(action, build(action))] as const];
    if (action !== "update" || spec.updateStyle !== "merge_and_replace" || !generates(action)) return built;
    // update is generated, not overridden, so the resource has its methods.
    const service = spec.resource as unknown as (ctx: OperationContext) => ServiceOf<"update", K, T>;
    const replace = changeOperation(service, bases.replace(), required(schemas.replace, "schemas.replace"));
    return [...built, ["replace", recorded("update", replace)] as const];
  });
  return Object.fromEntries(operations.map(([action, operation]) => [action, markGenerated(operation)])) as Record<A, Operation> & { replace?: Operation };
}

/**
 * Wraps each write action's operation (generated or overridden) so that it records the change
 * once it committed (recorded-change.ts); reads pass through as they are.
 */
function changeRecording(spec: { noun: string; idParam: string }, parentOf: (params: never) => string) {
  const type = spec.noun.replace(/[\s-]+/g, "_");
  const path = (params: unknown, id: string) => {
    const parent = parentOf(params as never);
    return parent ? `${parent}/${id}` : id;
  };
  const itemId = (params: unknown) => path(params, String((params as Record<string, unknown>)[spec.idParam]));
  return (action: ResourceAction, operation: Operation): Operation => {
    switch (action) {
      case "create":
        return recordsChange(operation, "create", ({ params, body }, result) => ({
          type,
          id: path(params, createdId(result, body, spec.idParam)),
          version: versionOf(result),
        }));
      case "update":
        return recordsChange(operation, "update", ({ params }, result) => ({ type, id: itemId(params), version: versionOf(result) }));
      case "restore":
        return recordsChange(operation, "restore", ({ params }, result) => ({
          type,
          id: itemId(params),
          version: versionOf(result),
          detail: { restored_from: versionNumber.parse(params).version },
        }));
      case "delete":
        return recordsChange(operation, "delete", ({ params }) => ({ type, id: itemId(params), version: null }));
      case "import":
        return recordsChange(operation, "import", (_input, result) => {
          const counts = importCounts(result);
          return counts && { type, id: "*", version: null, detail: counts };
        });
      default:
        return operation;
    }
  };
}

/** The entry with its definition's fields and the item's path ids (not the version) beside it. */
function flatten(entry: unknown, params: object): unknown {
  const { definition } = entry as { definition: object };
  const { version: _, ...ids } = params as { version: number };
  return { ...ids, ...definition, ...(entry as object) };
}
