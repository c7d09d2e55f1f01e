// The revision operations of a resource whose history is immutable packages (plugins), generated
// from its declaration: install a new item from a package (its revision 1), publish a package as
// an item's next revision and restore an earlier revision's content as the next one (both from
// the base_revision they replace, in the body), the files of one revision and its package. The
// kit's versions differ: a version is a definition written through update, a revision a package
// published whole, so install and publish take the package and restore names its revision in the
// body, as upstream's plugin API. The routes: `{collection}/install`, `{item}/publish`,
// `{item}/restore`, `{item}/versions/{revision}/files` and `.../download`.
import { z } from "zod";
import type { Permission } from "../../auth/permissions";
import { authorOf, defineOperation, type Operation, type OperationContext } from "../operation";
import { createdId, recordsChange, versionOf } from "./recorded-change";
import { markGenerated } from "./generated";
import { defineGenerated, routes } from "./route";

export type RevisionAction = "install" | "publish" | "restore" | "files" | "download";

/** What the generated revision operations call; `Item` is what install, publish and restore answer. */
export interface RevisionService<Install, Publish, Restore, Item, File, Package> {
  /** How a person knows the item (an approval's target): looked up, NotFoundError when missing. */
  describe(id: string): Promise<string>;
  /** The package read and checked (its problems thrown), and how a person will know the new item. */
  describeNew(body: Install): Promise<string>;
  /** The package the item `id` is offered, read and checked, its problems thrown; nothing is written. */
  checkPackage(id: string, body: Publish): Promise<unknown>;
  install(body: Install, author: string): Promise<Item>;
  publish(id: string, body: Publish, author: string): Promise<Item>;
  restore(id: string, body: Restore, author: string): Promise<Item>;
  files(id: string, revision: number): Promise<File[]>;
  download(id: string, revision: number): Promise<Package>;
}

type Shape = z.core.$ZodShape;

export interface RevisionOperationsSpec<IS extends Shape, RS extends Shape, Install, Publish, Restore extends { revision: number }, Item, File, Package> {
  group: string;
  /** OpenAPI path of the collection: /plugins. */
  collection: string;
  /** Path parameters of one item. */
  itemParams: z.ZodObject<IS>;
  /** Path parameters of one revision: the item's, plus `revision`. */
  revisionParams: z.ZodObject<RS>;
  /** The item id's path parameter: plugin_id. */
  idParam: keyof IS & string;
  /** The item's id, from the path parameters of an item's route (a revision's included). */
  key(params: z.output<z.ZodObject<IS>> | z.output<z.ZodObject<RS>>): string;
  /** What the audit log calls one item: plugin. */
  noun: string;
  /** operationIds are `{prefix}{action}` (plugins_install, ...). */
  operationIds: { prefix: string };
  summaries: Record<RevisionAction, string>;
  permissions: { read: Permission; write: Permission };
  schemas: {
    install: z.ZodType<Install>;
    publish: z.ZodType<Publish>;
    restore: z.ZodType<Restore>;
    /** What install, publish and restore answer. */
    item: z.ZodType<unknown, Item>;
    /** The files of a revision: {"files": [...]}. */
    files: z.ZodType<unknown, { files: File[] }>;
    package: z.ZodType<unknown, Package>;
  };
  resource(ctx: OperationContext): RevisionService<Install, Publish, Restore, Item, File, Package>;
}

const generatedChange = (...args: Parameters<typeof recordsChange>) => markGenerated(recordsChange(...args));

// Read back with its own schema, as the generic shape hides the revision from TypeScript.
const revisionNumber = z.object({ revision: z.number() });

export function revisionOperations<IS extends Shape, RS extends Shape, Install, Publish, Restore extends { revision: number }, Item, File, Package>(
  spec: RevisionOperationsSpec<IS, RS, Install, Publish, Restore, Item, File, Package>,
): Record<RevisionAction, Operation> {
  const { itemParams, revisionParams, permissions, schemas, resource, key } = spec;
  const item = `${spec.collection}/{${spec.idParam}}`;
  const revisionOf = (params: unknown) => revisionNumber.parse(params).revision;
  const route = routes(spec.group, spec.operationIds, spec.summaries);
  // Install, publish and restore are changes the audit log records (recorded-change.ts).
  const type = spec.noun;
  return {
    install: generatedChange(
      defineOperation({
        ...route("install", "post", `${spec.collection}/install`, permissions.write, undefined),
        body: schemas.install,
        response: schemas.item,
        status: 201,
        target: async (ctx, { body }) => `new ${await resource(ctx).describeNew(body)}`,
        run: (ctx, { body }) => resource(ctx).install(body, authorOf(ctx)),
      }),
      "install",
      ({ body }, result) => ({ type, id: createdId(result, body), version: versionOf(result) }),
    ),
    publish: generatedChange(
      defineOperation({
        ...route("publish", "post", `${item}/publish`, permissions.write, itemParams),
        body: schemas.publish,
        response: schemas.item,
        target: async (ctx, { params, body }) => {
          await resource(ctx).checkPackage(key(params), body);
          return resource(ctx).describe(key(params));
        },
        run: (ctx, { params, body }) => resource(ctx).publish(key(params), body, authorOf(ctx)),
      }),
      "publish",
      ({ params }, result) => ({ type, id: key(params as never), version: versionOf(result) }),
    ),
    restore: generatedChange(
      defineOperation({
        ...route("restore", "post", `${item}/restore`, permissions.write, itemParams),
        body: schemas.restore,
        response: schemas.item,
        target: async (ctx, { params, body }) => `${await resource(ctx).describe(key(params))} back to revision ${body.revision}`,
        run: (ctx, { params, body }) => resource(ctx).restore(key(params), body, authorOf(ctx)),
      }),
      "restore",
      ({ params, body }, result) => ({
        type,
        id: key(params as never),
        version: versionOf(result),
        detail: { restored_from: revisionOf(body) },
      }),
    ),
    files: defineGenerated({
      ...route("files", "get", `${item}/versions/{revision}/files`, permissions.read, revisionParams),
      response: schemas.files,
      run: async (ctx, { params }) => ({ files: await resource(ctx).files(key(params), revisionOf(params)) }),
    }),
    download: defineGenerated({
      ...route("download", "get", `${item}/versions/{revision}/download`, permissions.read, revisionParams),
      response: schemas.package,
      run: (ctx, { params }) => resource(ctx).download(key(params), revisionOf(params)),
    }),
  };
}
