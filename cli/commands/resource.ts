// The commands every resource has, made from its declaration as the Worker's kit makes its
// operations (worker/operations/generators/versioned-operations.ts): `list`, `get`, `create`, `update`, `delete`,
// `versions`, `version-get` and `restore`, each calling the resource's operation by name. A
// resource declares the ones it has, in the order its help lists them, with its words and views;
// what differs between resources is said in the declaration, never by copying a command:
// - update: `merge` sends the options given, based on the version read first (PATCH); `replace`
//   sends a whole definition file, based on the current version or --base-version (PUT); `put`
//   sends what the options say, unversioned (a space).
// - restore: `server` asks the server; `replace` is upstream's client-side restore: the old
//   version's definition saved again as a new version, commented "Restored from version N".
import type { Command, OptionValues } from "commander";
import type { BodyOf, OperationId, ReplyOf } from "../../worker/api";
import { confirmDeletion } from "../confirm";
import { action, type Context } from "../context";
import { readDefinition } from "../definition-file";
import { UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";

/** Every action a versioned resource has, in the Worker's operation names' order. */
export const VERSIONED_ACTIONS = ["list", "get", "create", "update", "delete", "versions", "version_get", "restore"] as const;
type Action = (typeof VERSIONED_ACTIONS)[number];
export type ResourceOperations = Partial<Record<Action, OperationId>>;

/**
 * The operations of `actions` named as the Worker's kit names them, `<prefix>_<action>`; a name
 * the Worker does not have fails to type-check where the declaration is used.
 */
export function operationsNamed<P extends string, A extends string>(prefix: P, actions: readonly A[]) {
  return Object.fromEntries(actions.map((name) => [name, `${prefix}_${name}`])) as { [K in A]: `${P}_${K}` };
}
type Reply<O extends ResourceOperations, A extends Action> = O[A] extends OperationId ? ReplyOf<O[A]> : never;
type Body<O extends ResourceOperations, A extends Action> = O[A] extends OperationId ? BodyOf<O[A]> : never;

/**
 * A resource one argument names: its noun, that argument and the path parameter it fills, as the
 * declaration wants them (`resource`), and that parameter for the resource's other commands.
 */
export function namedBy<K extends string>(noun: string, ids: string, key: K, lookup?: Lookup) {
  const params = (id: string) => ({ [key]: id }) as Record<K, string>;
  return { resource: { noun, ids, params: (id?: string) => params(id!), lookup }, params };
}

/** A resource inside another (a toolset's tools): named by its parent's id, then its own. */
export function namedChild(noun: string, key: string, parent: { noun: string; key: string }) {
  return {
    noun,
    ids: `<${parent.noun}> <${noun}>`,
    params: (parentId?: string, id?: string) => ({ [parent.key]: parentId!, [key]: id! }),
    parent: { ids: `<${parent.noun}>`, params: (parentId?: string) => ({ [parent.key]: parentId! }) },
  };
}

/** The id a command-line argument names (an id, or a name the resource's list resolves). */
export type Lookup = (context: Context, text: string) => Promise<string>;

/** Parses a positive whole number given on the command line (`what` names it in the error). */
export const positiveNumber = (what: string) => (text: string) => {
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`${what} ${JSON.stringify(text)} must be a positive whole number`);
  return Number(text);
};
const versionNumber = positiveNumber("version");

/** What a command shows of its reply in the table format (--output json prints the reply as it is). */
type View<R> = (json: R, context: Context) => string | Promise<string>;

interface ListCommand<R> {
  description: string;
  /** Options of the listing (a page), and the query parameters they make. */
  options?(command: Command): Command;
  query?(options: OptionValues): Record<string, number | undefined>;
  view: View<R>;
}

interface CreateCommand<R, B> {
  /**
   * The positional arguments: "<toolset> <name>"; the parent's (collection's) ids come first.
   * Left out, the ids that name one (the new one is named as the other commands name it).
   */
  args?: string;
  description: string;
  options?(command: Command): Command;
  body(args: string[], options: OptionValues): B;
  created(json: R): string;
}

type UpdateCommand<R, B> = { description: string } & (
  | { style: "merge"; options(command: Command): Command; changes(options: OptionValues): Omit<B, "base_version" | "comment">; updated(json: R): string }
  | { style: "replace" /** The fields a reply adds to the definition, left out of the file's content. */; added: Set<string>; updated(json: R): string }
  | { style: "put"; options(command: Command): Command; body(options: OptionValues): B; view: View<R> }
);

/** `Restored`: the restore operation's reply; `Replaced`: the update operation's, for a client-side restore. */
type RestoreCommand<Restored, Replaced> = { description?: string } & (
  | { style: "server"; restored(json: Restored, version: number): string }
  | { style: "replace" /** The definition's fields, picked from the old version. */; shape: object; restored(json: Replaced, version: number): string }
);

export interface ResourceCommands<O extends ResourceOperations> {
  /** What texts call one: "toolset", "scheduled query". */
  noun: string;
  /** The positional arguments that name one: "<toolset>", "<toolset> <tool>". */
  ids: string;
  /** The path parameters of one, from those arguments. */
  params(...ids: string[]): Record<string, string>;
  /**
   * Resolves the first of the arguments that name one (or its collection) to an id, where the
   * resource may also be named by its name.
   */
  lookup?: Lookup;
  /** The collection's arguments and path parameters, where it has any (the toolset of tools). */
  parent?: { ids: string; params(...ids: string[]): Record<string, string> };
  operations: O;
  list?: ListCommand<Reply<O, "list">>;
  /** `as`: the command's name when it is not `get` (which then stays as its alias). */
  get?: { description: string; view: View<Reply<O, "get">>; as?: string };
  create?: CreateCommand<Reply<O, "create">, Body<O, "create">>;
  update?: UpdateCommand<Reply<O, "update">, Body<O, "update">>;
  /**
   * What a deletion says, when the ids joined by "/" do not say it (a sub-space names itself
   * alone); `as`: the command's name when it is not `delete` (which then stays as its alias).
   */
  delete?: { description: string; deleted?(...ids: string[]): string; as?: string };
  versions?: { description?: string; view: View<Reply<O, "versions">> };
  version_get?: { view: View<Reply<O, "version_get">> };
  restore?: RestoreCommand<Reply<O, "restore">, Reply<O, "update">>;
}

const COMMENT_HELP = "why, recorded in the version history";

const arity = (args: string) => args.split(" ").filter(Boolean).length;

/** Calls an operation the declaration names; its reply has the type the declaration's views read. */
export function call<R>(context: Context, operationId: OperationId | undefined, input: { params?: object; body?: unknown }): Promise<R> {
  if (!operationId) throw new Error("the resource declares no operation for this command");
  return (context.api.call as (id: OperationId, input: object) => Promise<R>)(operationId, input);
}

async function show<R>(context: Context, json: R, view: View<R>) {
  const text = context.format === "json" ? "" : await view(json, context);
  emit(context.format, json, () => text);
}

/** Adds the commands `spec` declares to `parent`, in the order it declares them. */
export function addResourceCommands<O extends ResourceOperations>(parent: Command, spec: ResourceCommands<O>) {
  const { noun, ids, operations: ops } = spec;
  const n = arity(ids);
  const command = (name: string, as?: string) => {
    const [verb, ...rest] = name.split(" ");
    return as ? addGlobalOptions(parent.command([as, ...rest].join(" "))).alias(verb!) : addGlobalOptions(parent.command(name));
  };
  /** Commander passes the positional arguments, then the options, then the command (dropped by action()). */
  const split = (args: unknown[], count: number) => [args.slice(0, count) as string[], (args[count] ?? {}) as OptionValues] as const;
  const params = (args: string[]) => spec.params(...args.slice(0, n));
  /** The arguments with the first resolved to an id, where the resource takes names too. */
  const resolved = async (context: Context, args: string[]) =>
    spec.lookup && args.length > 0 ? [await spec.lookup(context, args[0]!), ...args.slice(1)] : args;

  const declared = {
    list: (list: ListCommand<Reply<O, "list">>) => {
      const parentIds = spec.parent?.ids ?? "";
      (list.options ?? ((c: Command) => c))(command(`list${parentIds ? ` ${parentIds}` : ""}`))
        .description(list.description)
        .action(
          action(async (context, ...args: unknown[]) => {
            const [given, options] = split(args, arity(parentIds));
            const named = await resolved(context, given);
            const query = { ...spec.parent?.params(...named), ...list.query?.(options) };
            await show(context, await call<Reply<O, "list">>(context, ops.list, { params: query }), list.view);
          }),
        );
    },
    get: (get: { description: string; view: View<Reply<O, "get">>; as?: string }) => {
      command(`get ${ids}`, get.as)
        .description(get.description)
        .action(
          action(async (context, ...args: unknown[]) => {
            const at = params(await resolved(context, split(args, n)[0]));
            await show(context, await call<Reply<O, "get">>(context, ops.get, { params: at }), get.view);
          }),
        );
    },
    create: (create: CreateCommand<Reply<O, "create">, Body<O, "create">>) => {
      const createArgs = create.args ?? ids;
      (create.options ?? ((c: Command) => c))(command(`create${createArgs ? ` ${createArgs}` : ""}`))
        .description(create.description)
        .action(
          action(async (context, ...args: unknown[]) => {
            const [given, options] = split(args, arity(createArgs));
            const named = spec.parent ? await resolved(context, given) : given;
            const parentParams = spec.parent?.params(...named);
            const reply = await call<Reply<O, "create">>(context, ops.create, { params: parentParams, body: create.body(named, options) });
            emit(context.format, reply, create.created);
          }),
        );
    },
    update: (update: UpdateCommand<Reply<O, "update">, Body<O, "update">>) => {
      const base = command(`update ${ids}`).description(update.description);
      const declaredOptions =
        update.style === "replace"
          ? base
              .requiredOption("--file <definition>", "the definition file (the whole definition, as for create)")
              .option("--base-version <n>", "the version this change is based on (default: the current one, read first)", positiveNumber("--base-version"))
              .option("--comment <text>", COMMENT_HELP)
          : update.options(base);
      declaredOptions.action(
        action(async (context, ...args: unknown[]) => {
          const [given, options] = split(args, n);
          const at = params(await resolved(context, given));
          const current = () => call<{ version?: number; current_version?: number }>(context, ops.get, { params: at });
          const body =
            update.style === "merge"
              ? // Based on the version read here: the server refuses (409) a change whose base is no longer current. A built-in has no version: its change goes without one, and the server refuses it.
                { ...update.changes(options), base_version: (await current()).version, comment: options.comment }
              : update.style === "replace"
                ? {
                    ...readDefinition(options.file, update.added),
                    base_version: options.baseVersion ?? (await current()).current_version,
                    comment: options.comment,
                  }
                : update.body(options);
          const reply = await call<Reply<O, "update">>(context, ops.update, { params: at, body });
          if (update.style === "put") await show(context, reply, update.view);
          else emit(context.format, reply, update.updated);
        }),
      );
    },
    delete: (remove: { description: string; deleted?(...ids: string[]): string; as?: string }) => {
      command(`delete ${ids}`, remove.as)
        .description(`${remove.description}; asks first, unless --yes`)
        .option("-y, --yes", "delete without asking (needed where there is no terminal to ask on)")
        .action(
          action(async (context, ...args: unknown[]) => {
            const [given, options] = split(args, n);
            const named = await resolved(context, given);
            const shown = given[0] === named[0] ? named.join("/") : `${named.join("/")} (${given[0]})`;
            await confirmDeletion(`${noun} ${shown}`, (options as { yes?: boolean }).yes);
            await call(context, ops.delete, { params: params(named) });
            // The API answers 204 without a body; scripts still get JSON to parse.
            const said = remove.deleted?.(...named) ?? `deleted ${noun} ${named.join("/")}`;
            emit(context.format, { deleted: true, ...params(named) }, () => said);
          }),
        );
    },
    versions: (versions: { description?: string; view: View<Reply<O, "versions">> }) => {
      command(`versions ${ids}`)
        .description(versions.description ?? `list the ${noun}'s versions, newest first`)
        .action(
          action(async (context, ...args: unknown[]) => {
            const at = params(await resolved(context, split(args, n)[0]));
            await show(context, await call<Reply<O, "versions">>(context, ops.versions, { params: at }), versions.view);
          }),
        );
    },
    version_get: (versionGet: { view: View<Reply<O, "version_get">> }) => {
      command(`version-get ${ids} <n>`)
        .description(`show version <n> of the ${noun}`)
        .action(
          action(async (context, ...args: unknown[]) => {
            const [given] = split(args, n + 1);
            const version = versionNumber(given[n]!);
            const at = params(await resolved(context, given));
            await show(context, await call<Reply<O, "version_get">>(context, ops.version_get, { params: { ...at, version } }), versionGet.view);
          }),
        );
    },
    restore: (restore: RestoreCommand<Reply<O, "restore">, Reply<O, "update">>) => {
      command(`restore ${ids} <n>`)
        .description(restore.description ?? `make version <n> the ${noun}'s current definition again (as a new version)`)
        .action(
          action(async (context, ...args: unknown[]) => {
            const [given] = split(args, n + 1);
            const version = versionNumber(given[n]!);
            const at = params(await resolved(context, given));
            if (restore.style === "server") {
              const reply = await call<Reply<O, "restore">>(context, ops.restore, { params: { ...at, version } });
              emit(context.format, reply, (json) => restore.restored(json, version));
              return;
            }
            const [old, current] = await Promise.all([
              call<object>(context, ops.version_get, { params: { ...at, version } }),
              call<{ current_version: number }>(context, ops.get, { params: at }),
            ]);
            const definition = Object.fromEntries(Object.entries(old).filter(([key]) => Object.hasOwn(restore.shape, key)));
            const body = { ...definition, base_version: current.current_version, comment: `Restored from version ${version}` };
            const reply = await call<Reply<O, "update">>(context, ops.update, { params: at, body });
            emit(context.format, reply, (json) => restore.restored(json, version));
          }),
        );
    },
  };

  for (const name of Object.keys(spec) as (keyof ResourceCommands<O>)[]) {
    if (!(name in declared)) continue;
    const add = declared[name as Action] as (declaration: unknown) => void;
    add(spec[name]);
  }
}
