// What the generated operations of a resource call: one method (or two) per action, so a
// resource's service has those of the actions it generates and nothing else. `K` names one item
// (a key of parent and id for a nested resource, the id for a flat one); a collection is named by
// its parent's id ("" at the top). VersionedResource has every method; a service that holds more
// than the versioned store (reports' settings, workflows' run state, plugins' revisions) has them
// under the same names.
import type { RestoreInput } from "./schemas";

/** What a guard may refuse: creating, changing (update, restore), deleting, reading history. */
export type GuardedAction = "create" | "change" | "delete" | "history";

/** The types a resource's service answers with and takes, one per schema of its operations (versioned-operations.ts). */
export interface ResourceTypes {
  /** A list entry, and what a create answers. */
  item: unknown;
  /** What get, update and restore answer. */
  detail: unknown;
  /** One entry of the version history. */
  entry: unknown;
  create: unknown;
  update: unknown;
  import: unknown;
  imported: unknown;
  exported: unknown;
}

interface Named<K> {
  /** How a person knows the item (an approval's target): looked up, NotFoundError when missing. */
  describe(key: K): Promise<string>;
}

/** The methods of each action. */
export interface ActionMethods<K, T extends ResourceTypes> {
  export: { export(): Promise<T["exported"]> };
  import: { import(input: T["import"], author: string): Promise<T["imported"]> };
  list: { list(parentId: string): Promise<T["item"][]> };
  create: {
    create(fields: T["create"], author: string, parentId: string): Promise<T["item"]>;
    /** The new item as a person will know it, once every check create makes before writing has passed. */
    describeNew(fields: T["create"], parentId: string): Promise<string>;
  };
  get: { get(key: K): Promise<T["detail"]> };
  update: Named<K> & {
    update(key: K, fields: T["update"], author: string): Promise<T["detail"]>;
    /** Every check update makes before it writes. */
    checkUpdate?(key: K, fields: T["update"]): Promise<unknown>;
  };
  delete: Named<K> & { delete(key: K): Promise<void> };
  versions: { versions(key: K): Promise<T["entry"][]> };
  version_get: { version(key: K, version: number): Promise<T["entry"]> };
  restore: Named<K> & {
    restore(key: K, version: number, input: RestoreInput, author: string): Promise<T["detail"]>;
    /** Every check restore makes before it writes: the version exists, at least. */
    checkRestore(key: K, version: number): Promise<unknown>;
  };
}

export type ResourceAction = keyof ActionMethods<unknown, ResourceTypes>;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The service of a resource that generates actions A: their methods, and an optional guard. */
export type ServiceOf<A extends ResourceAction, K, T extends ResourceTypes> = Intersection<ActionMethods<K, T>[A]> & Guard<K>;

/** Refusals from the path alone (a built-in resource), before the body is read. */
export interface Guard<K> {
  /** Throws when the action is not allowed on this item. */
  refuse?(key: K, action: Exclude<GuardedAction, "create">): void;
  /** Throws when nothing may be created in this collection (the parent's id, "" at the top). */
  refuseCreate?(parentId: string): void;
}
