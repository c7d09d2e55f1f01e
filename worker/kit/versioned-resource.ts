// A versioned resource: the rules every one shares, over the versioned store. Created at
// version 1; changed only from the version a change was based on (the merged definition checked
// against the full schema); restored as a new version commented "Restored from version N";
// deleted with its history (and what is nested under it). A resource adds its own rules through
// hooks: how it is shown, which ids are not its to change (built-in ones), and what a
// definition must pass before it is written. It is the service every generated operation of
// the resource calls (resource-service.ts), its items named by parent and id.
import type { z } from "zod";
import { ConflictError } from "../errors/domain";
import { parseInput } from "../input";
import { type Change, type Head, type StoreOptions, VersionedStore } from "../store/versioned-store";
import type { GuardedAction } from "./resource-service";
import type { RestoreInput } from "./schemas";
import { versionView } from "./views";
import type { Db } from "../store/db";

/** Where a resource lives: its id, and its parent's id when nested (else ""). */
export interface ResourceKey {
  parentId: string;
  id: string;
}

export interface ResourceRules<S extends z.ZodObject, V> {
  view(head: Head<z.output<S>>): V;
  /** Throws when the action is not allowed on this key (a built-in resource, say). */
  guard?(key: ResourceKey, action: GuardedAction): void;
  /** Throws when a definition about to be written breaks a rule beyond its schema. */
  check?(body: z.output<S>): Promise<void>;
}

export interface ResourceSpec<S extends z.ZodObject> extends StoreOptions {
  /** The stored kind, also the noun of messages: "toolset", "tool", "role". */
  kind: string;
  body: S;
}

type CreateFields<S extends z.ZodObject> = z.output<S> & { id: string; comment?: string | undefined };
type UpdateFields<S extends z.ZodObject> = Partial<z.output<S>> & { base_version?: number | undefined; comment?: string | undefined };

export class VersionedResource<S extends z.ZodObject, V> {
  readonly store: VersionedStore<S>;

  constructor(
    db: Db,
    private readonly spec: ResourceSpec<S>,
    private readonly rules: ResourceRules<S, V>,
  ) {
    this.store = new VersionedStore(db, spec.kind, spec.body, spec);
  }

  /** Throws when the resource's rules refuse the action on this key (see ResourceRules.guard). */
  refuse(key: ResourceKey, action: GuardedAction): void {
    this.rules.guard?.(key, action);
  }

  refuseCreate(parentId: string): void {
    this.refuse({ parentId, id: "" }, "create");
  }

  /** How a person knows one (an approval's target): `tool demo/count_nodes ("Count nodes")`. */
  async describe(key: ResourceKey): Promise<string> {
    return this.nameOf(key, await this.get(key));
  }

  /** A resource about to be created, as describe() names it, once everything create() checks has passed. */
  async describeNew(fields: CreateFields<S>, parentId = ""): Promise<string> {
    await this.checkCreate(fields, parentId);
    return this.nameOf({ parentId, id: fields.id }, fields);
  }

  private nameOf(key: ResourceKey, item: unknown): string {
    const name = typeof item === "object" && item !== null && "name" in item ? item.name : undefined;
    const path = `${key.parentId ? `${key.parentId}/` : ""}${key.id}`;
    return `${this.spec.kind} ${path}${typeof name === "string" && name !== key.id ? ` (${JSON.stringify(name)})` : ""}`;
  }

  async list(parentId = ""): Promise<V[]> {
    if (this.spec.parentKind) await this.store.requireParent(parentId);
    return (await this.store.list(parentId)).map((head) => this.rules.view(head));
  }

  async get(key: ResourceKey): Promise<V> {
    return this.rules.view(await this.store.require(key.parentId, key.id));
  }

  /**
   * Everything create() checks before it writes, and that the id is free: what a person is
   * asked to approve can then run. Answers the definition to write.
   */
  async checkCreate(fields: CreateFields<S>, parentId = ""): Promise<z.output<S>> {
    const definition = await this.creatable(parentId, fields);
    if (await this.store.get(parentId, fields.id)) throw new ConflictError(`${this.spec.kind} ${parentId ? `${parentId}/` : ""}${fields.id} already exists`);
    return definition;
  }

  async create(fields: CreateFields<S>, author: string, parentId = ""): Promise<V> {
    // A taken id is found by the write itself (a constraint failure), one read fewer.
    const definition = await this.creatable(parentId, fields);
    return this.rules.view(await this.store.create(parentId, fields.id, definition, { author, comment: fields.comment }));
  }

  private async creatable(parentId: string, { id, comment: _comment, ...body }: CreateFields<S>): Promise<z.output<S>> {
    this.refuse({ parentId, id }, "create");
    if (this.spec.parentKind) await this.store.requireParent(parentId);
    const definition = body as z.output<S>;
    await this.rules.check?.(definition);
    return definition;
  }

  /** Everything update() checks before it writes; answers the resource as it is and the definition to write. */
  async checkUpdate(key: ResourceKey, { base_version: _base, comment: _comment, ...changes }: UpdateFields<S>) {
    this.refuse(key, "change");
    const current = await this.store.require(key.parentId, key.id);
    const body = parseInput(this.spec.body, { ...current.body, ...changes });
    await this.rules.check?.(body);
    return { current: this.rules.view(current), version: current.version, body };
  }

  /** Without base_version the change applies to the current version (no concurrency check). */
  async update(key: ResourceKey, fields: UpdateFields<S>, author: string): Promise<V> {
    const { body, version } = await this.checkUpdate(key, fields);
    return this.rules.view(await this.store.update(key.parentId, key.id, body, fields.base_version ?? version, { author, comment: fields.comment }));
  }

  async delete(key: ResourceKey): Promise<void> {
    this.refuse(key, "delete");
    await this.store.delete(key.parentId, key.id);
  }

  async versions(key: ResourceKey) {
    this.refuse(key, "history");
    return (await this.store.versions(key.parentId, key.id)).map(versionView);
  }

  async version(key: ResourceKey, version: number) {
    this.refuse(key, "history");
    return versionView(await this.store.version(key.parentId, key.id, version));
  }

  /** Everything restore() checks before it writes: the version exists and still passes today's schema (its bounds included) and rules. */
  async checkRestore(key: ResourceKey, version: number) {
    this.refuse(key, "change");
    const [entry, current] = await Promise.all([this.store.version(key.parentId, key.id, version), this.store.require(key.parentId, key.id)]);
    const body = parseInput(this.spec.body, entry.body);
    await this.rules.check?.(body);
    return { body, current };
  }

  /** A historical definition as a new version; it must still pass today's schema and rules. */
  async restore(key: ResourceKey, version: number, { base_version }: RestoreInput, author: string): Promise<V> {
    const { body, current } = await this.checkRestore(key, version);
    return this.rules.view(await this.store.update(key.parentId, key.id, body, base_version ?? current.version, restoredFrom(author, version)));
  }
}

function restoredFrom(author: string, version: number): Change {
  return { author, comment: `Restored from version ${version}` };
}
