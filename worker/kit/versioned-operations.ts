// The operations every versioned resource has, generated from its declaration: list, create,
// get, update, delete, its version history, one version, and restore. The routes follow one
// shape: the collection at `collection` (list, create), an item at `{collection}/{id}`, its
// history under `/versions`. A resource whose list or get shows more than its store holds (the
// built-in toolset, the built-in roles) overrides those operations' response and run.
import { z } from "zod";
import type { Permission } from "../auth/permissions";
import { authorOf, defineOperation, type Operation, type OperationContext } from "../operations/operation";
import { restoreInput, versionEntry, versionList, withVersion } from "./schemas";
import type { GuardedAction, ResourceKey, VersionedResource } from "./versioned-resource";

type CreateBody<S extends z.ZodObject, V> = Parameters<VersionedResource<S, V>["create"]>[1];
type UpdateBody<S extends z.ZodObject, V> = Parameters<VersionedResource<S, V>["update"]>[1];

export type VersionedAction = "list" | "create" | "get" | "update" | "delete" | "versions" | "version_get" | "restore";

/** An operation's response and run replaced, where the resource shows more than its store holds. */
export interface Override<P> {
  response: z.ZodType;
  run(ctx: OperationContext, params: P): Promise<unknown>;
}

export interface VersionedOperationsSpec<S extends z.ZodObject, V, CP extends z.ZodObject, IP extends z.ZodObject> {
  group: string;
  /** OpenAPI path of the collection: /toolsets, /toolsets/{toolset_id}/tools. */
  collection: string;
  /** Path parameters of the collection (a nested resource's parent id), when it has any. */
  collectionParams?: CP;
  /** Path parameters of one item: the collection's, plus the item's id. */
  itemParams: IP;
  /** The item id's path parameter: toolset_id, tool_id, role_id. */
  idParam: keyof IP["shape"] & string;
  /** Where a resource lives, from its path parameters (the collection's, for list and create). */
  key(params: z.output<IP>): ResourceKey;
  parentOf?(params: z.output<CP>): string;
  /** What a summary calls one resource: "toolset", "tool". */
  noun: string;
  /** operationIds are `{prefix}{action}` (toolsets_create, ...) unless named here. */
  operationIds: { prefix: string } & Partial<Record<VersionedAction, string>>;
  /** Summaries where the default wording (defaultSummaries) says too little. */
  summaries?: Partial<Record<VersionedAction, string>>;
  permissions: { read: Permission; write: Permission; delete: Permission };
  /** The list response's field: {"toolsets": [...]}. */
  listField: string;
  schemas: { body: S; create: z.ZodType; update: z.ZodType; response: z.ZodType };
  resource(ctx: OperationContext): VersionedResource<S, V>;
  overrides?: { list?: Override<z.output<CP>>; get?: Override<z.output<IP>> };
}

function defaultSummaries(noun: string): Record<VersionedAction, string> {
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

export function versionedOperations<S extends z.ZodObject, V, CP extends z.ZodObject, IP extends z.ZodObject>(
  spec: VersionedOperationsSpec<S, V, CP, IP>,
): Operation[] {
  const { group, collection, collectionParams, itemParams, operationIds: ids, permissions, schemas, resource, overrides = {} } = spec;
  const summaries = { ...defaultSummaries(spec.noun), ...spec.summaries };
  const item = `${collection}/{${spec.idParam}}`;
  const versioned = withVersion(itemParams);
  const about = (action: VersionedAction) => ({ operationId: ids[action] ?? `${ids.prefix}${action}`, group, summary: summaries[action] });
  // Inside the generator the parsed parameters have the types of its type parameters.
  const parentOf = (params: unknown) => (params && spec.parentOf ? spec.parentOf(params as z.output<CP>) : "");
  const keyOf = (params: unknown) => spec.key(params as z.output<IP>);
  const versionOf = (params: unknown) => (params as { version: number }).version;
  const { list, get } = overrides;
  const refuse = (action: GuardedAction) => (ctx: OperationContext, params: unknown) => resource(ctx).refuse(keyOf(params), action);
  /** How a person knows one of these resources (an approval's target): `tool demo/count_nodes ("Count nodes")`. */
  const nameOf = (key: ResourceKey, item: unknown) => {
    const name = (item as { name?: unknown } | undefined)?.name;
    const path = `${key.parentId ? `${key.parentId}/` : ""}${key.id}`;
    return `${spec.noun} ${path}${typeof name === "string" && name !== key.id ? ` (${JSON.stringify(name)})` : ""}`;
  };

  return [
    defineOperation({
      ...about("list"),
      method: "get",
      path: collection,
      permission: permissions.read,
      params: collectionParams,
      response: list?.response ?? z.object({ [spec.listField]: z.array(schemas.response) }),
      run: async (ctx, { params }) => (list ? list.run(ctx, params as z.output<CP>) : { [spec.listField]: await resource(ctx).list(parentOf(params)) }),
    }),
    defineOperation({
      ...about("create"),
      method: "post",
      path: collection,
      permission: permissions.write,
      params: collectionParams,
      // The new id is in the body; a guard of creation looks at where it goes.
      refuse: (ctx, params) => resource(ctx).refuse({ parentId: parentOf(params), id: "" }, "create"),
      body: schemas.create,
      response: schemas.response,
      status: 201,
      target: async (ctx, { params, body }) => {
        const fields = body as CreateBody<S, V>;
        await resource(ctx).checkCreate(parentOf(params), fields);
        return `new ${nameOf({ parentId: parentOf(params), id: fields.id }, fields)}`;
      },
      run: (ctx, { params, body }) => resource(ctx).create(parentOf(params), body as CreateBody<S, V>, authorOf(ctx)),
    }),
    defineOperation({
      ...about("get"),
      method: "get",
      path: item,
      permission: permissions.read,
      params: itemParams,
      response: get?.response ?? schemas.response,
      run: (ctx, { params }) => (get ? get.run(ctx, params as z.output<IP>) : resource(ctx).get(keyOf(params))),
    }),
    defineOperation({
      ...about("update"),
      method: "patch",
      path: item,
      permission: permissions.write,
      params: itemParams,
      refuse: refuse("change"),
      body: schemas.update,
      response: schemas.response,
      target: async (ctx, { params, body }) => nameOf(keyOf(params), (await resource(ctx).checkUpdate(keyOf(params), body as UpdateBody<S, V>)).current),
      run: (ctx, { params, body }) => resource(ctx).update(keyOf(params), body as UpdateBody<S, V>, authorOf(ctx)),
    }),
    defineOperation({
      ...about("delete"),
      method: "delete",
      path: item,
      permission: permissions.delete,
      params: itemParams,
      refuse: refuse("delete"),
      target: async (ctx, { params }) => nameOf(keyOf(params), await resource(ctx).get(keyOf(params))),
      response: null,
      run: (ctx, { params }) => resource(ctx).delete(keyOf(params)),
    }),
    defineOperation({
      ...about("versions"),
      method: "get",
      path: `${item}/versions`,
      permission: permissions.read,
      params: itemParams,
      refuse: refuse("history"),
      response: versionList(schemas.body),
      run: async (ctx, { params }) => ({ versions: await resource(ctx).versions(keyOf(params)) }),
    }),
    defineOperation({
      ...about("version_get"),
      method: "get",
      path: `${item}/versions/{version}`,
      permission: permissions.read,
      params: versioned,
      refuse: refuse("history"),
      response: versionEntry(schemas.body),
      run: (ctx, { params }) => resource(ctx).version(keyOf(params), versionOf(params)),
    }),
    defineOperation({
      ...about("restore"),
      method: "post",
      path: `${item}/versions/{version}/restore`,
      permission: permissions.write,
      params: versioned,
      refuse: refuse("change"),
      body: restoreInput,
      optionalBody: true,
      response: schemas.response,
      target: async (ctx, { params }) => {
        const { current } = await resource(ctx).checkRestore(keyOf(params), versionOf(params));
        return `${nameOf(keyOf(params), current.body)} back to version ${versionOf(params)}`;
      },
      run: (ctx, { params, body }) => resource(ctx).restore(keyOf(params), versionOf(params), body, authorOf(ctx)),
    }),
  ];
}
