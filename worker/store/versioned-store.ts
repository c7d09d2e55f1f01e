// A store for versioned definitions that every versioned resource shares: a head row per
// resource and an append-only history, written together in one D1 batch (a transaction).
//
// Updates name the version they were based on. The head is only updated, and the version
// row only inserted, while the head is still at that version; both statements are
// conditional on the same check inside the batch, so a stale update writes nothing and
// exactly one of several concurrent updates based on the same version succeeds.
//
// Those two failures (a key already taken, a guarded value selected as NULL) are the only ones
// that mean "someone else got there first". A definition the database refuses for what it
// holds (a CHECK such as json_valid, a value too big) is the input's fault and a 422 naming
// what it can; any other failure is a bug and stays one (500), never a conflict.
import type { z } from "zod";
import { ConflictError, NotFoundError, ValidationError } from "../errors/domain";
import { nestsDeeperThan } from "../json-depth";
import type { Db } from "./db";
import { definitionsWriting } from "./definition-cache";
import { headExists, type SqlCondition } from "./definition-reads";

export interface Head<T> {
  id: string;
  parentId: string;
  version: number;
  body: T;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface VersionEntry<T> {
  version: number;
  body: T;
  author: string;
  createdAt: string;
  comment: string;
}

export interface Change {
  author: string;
  comment?: string;
}

interface HeadRow {
  id: string;
  parent_id: string;
  version: number;
  body: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

interface VersionRow {
  version: number;
  body: string;
  author: string;
  created_at: string;
  comment: string;
}

export interface StoreOptions {
  /** The kind a nested resource's parent_id refers to; creation requires that parent. */
  parentKind?: string;
  /** Kinds nested under this one, removed (heads and history) when it is deleted. */
  childKinds?: string[];
  /**
   * Another table whose `id`s this kind's ids must not take (skillsets and plugins both name
   * prompts {id}__{skill}), and the conflict to report. The create statement checks it in its
   * own transaction, so of two racing writers of one id the second always sees the first.
   */
  sharesIdsWith?: { table: string; conflict(id: string): string };
}

const HEAD_COLUMNS = "id, parent_id, version, body, created_at, created_by, updated_at, updated_by";

/**
 * The largest definition stored, as UTF-8 JSON. D1 stores at most 2,000,000 bytes in a row; a
 * request may carry 4 MiB. Half the row limit leaves room for the row's other columns.
 */
export const STORED_BODY_MAX_BYTES = 1_000_000;

/** How deep SQLite's json_valid lets JSON nest (arrays and objects), which the body columns' CHECK applies. */
const DATABASE_JSON_MAX_DEPTH = 1000;

export class VersionedStore<S extends z.ZodType> {
  constructor(
    private readonly db: Db,
    readonly kind: string,
    readonly schema: S,
    private readonly options: StoreOptions = {},
  ) {}

  async list(parentId = ""): Promise<Head<z.output<S>>[]> {
    const { results } = await this.db
      .prepare(`SELECT ${HEAD_COLUMNS} FROM definitions WHERE kind = ? AND parent_id = ? ORDER BY id`)
      .bind(this.kind, parentId)
      .all<HeadRow>();
    return results.map((row) => this.head(row));
  }

  /** Every head of this kind, across parents. */
  async listAll(): Promise<Head<z.output<S>>[]> {
    const { results } = await this.db.prepare(`SELECT ${HEAD_COLUMNS} FROM definitions WHERE kind = ? ORDER BY parent_id, id`).bind(this.kind).all<HeadRow>();
    return results.map((row) => this.head(row));
  }

  async get(parentId: string, id: string): Promise<Head<z.output<S>> | undefined> {
    const row = await this.db
      .prepare(`SELECT ${HEAD_COLUMNS} FROM definitions WHERE kind = ? AND parent_id = ? AND id = ?`)
      .bind(this.kind, parentId, id)
      .first<HeadRow>();
    return row ? this.head(row) : undefined;
  }

  async require(parentId: string, id: string): Promise<Head<z.output<S>>> {
    const head = await this.get(parentId, id);
    if (!head) throw new NotFoundError(this.describe(parentId, id, "does not exist"));
    return head;
  }

  /** Throws NotFoundError naming the parent when a nested resource's parent does not exist. */
  async requireParent(parentId: string): Promise<void> {
    const parent = await this.db
      .prepare("SELECT 1 AS found FROM definitions WHERE kind = ? AND parent_id = '' AND id = ?")
      .bind(this.options.parentKind, parentId)
      .first();
    if (!parent) throw new NotFoundError(`${this.options.parentKind} ${parentId} does not exist`);
  }

  async create(parentId: string, id: string, body: z.output<S>, change: Change): Promise<Head<z.output<S>>> {
    const now = new Date().toISOString();
    try {
      await this.db.batch(this.createStatements(parentId, id, body, change, now));
    } catch (error) {
      throw await this.explain(error, body, parentId, id);
    }
    return { id, parentId, version: 1, body, createdAt: now, createdBy: change.author, updatedAt: now, updatedBy: change.author };
  }

  async update(parentId: string, id: string, body: z.output<S>, baseVersion: number, change: Change): Promise<Head<z.output<S>>> {
    try {
      await this.db.batch(this.updateStatements(parentId, id, body, baseVersion, change, new Date().toISOString()));
    } catch (error) {
      throw await this.explain(error, body, parentId, id, baseVersion);
    }
    return this.require(parentId, id);
  }

  /**
   * Statements that create a resource at version 1. They fail, and so abort the whole batch
   * they are part of, if the id is taken (primary key), a required parent is missing or the
   * table of shared ids holds the id (the head's body is selected only while the parent exists
   * and the other table lacks the id, and NULL violates NOT NULL).
   */
  createStatements(parentId: string, id: string, body: z.output<S>, change: Change, now: string): D1PreparedStatement[] {
    definitionsWriting(this.db);
    const json = this.serialise(parentId, id, body);
    const { parentKind, sharesIdsWith } = this.options;
    const conditions: SqlCondition[] = [];
    if (parentKind) conditions.push(headExists(parentKind, parentId));
    if (sharesIdsWith) conditions.push({ sql: `NOT EXISTS (SELECT 1 FROM ${sharesIdsWith.table} WHERE id = ?)`, args: [id] });
    const bodyExpression = conditions.length ? `(SELECT ? WHERE ${conditions.map((condition) => condition.sql).join(" AND ")})` : "?";
    const bodyArgs = [json, ...conditions.flatMap((condition) => condition.args)];
    return [
      this.db
        .prepare(`INSERT INTO definitions (kind, ${HEAD_COLUMNS}) VALUES (?, ?, ?, 1, ${bodyExpression}, ?, ?, ?, ?)`)
        .bind(this.kind, id, parentId, ...bodyArgs, now, change.author, now, change.author),
      this.db
        .prepare("INSERT INTO definition_versions (kind, parent_id, id, version, body, author, created_at, comment) VALUES (?, ?, ?, 1, ?, ?, ?, ?)")
        .bind(this.kind, parentId, id, json, change.author, now, change.comment ?? ""),
    ];
  }

  /**
   * Statements that move a resource from `baseVersion` to the next version. The version row's
   * body is selected only while the head is at `baseVersion` (NULL otherwise, violating NOT
   * NULL), and its primary key refuses a second writer of the same version, so a stale or
   * missing base aborts the whole batch and nothing is written.
   */
  updateStatements(parentId: string, id: string, body: z.output<S>, baseVersion: number, change: Change, now: string): D1PreparedStatement[] {
    definitionsWriting(this.db);
    const json = this.serialise(parentId, id, body);
    return [
      this.db
        .prepare(
          `INSERT INTO definition_versions (kind, parent_id, id, version, body, author, created_at, comment)
           VALUES (?, ?, ?, ?, (SELECT ? FROM definitions WHERE kind = ? AND parent_id = ? AND id = ? AND version = ?), ?, ?, ?)`,
        )
        .bind(this.kind, parentId, id, baseVersion + 1, json, this.kind, parentId, id, baseVersion, change.author, now, change.comment ?? ""),
      this.db
        .prepare(
          "UPDATE definitions SET version = version + 1, body = ?, updated_at = ?, updated_by = ? WHERE kind = ? AND parent_id = ? AND id = ? AND version = ?",
        )
        .bind(json, now, change.author, this.kind, parentId, id, baseVersion),
    ];
  }

  /** The body as stored: checked against the schema, JSON within STORED_BODY_MAX_BYTES (422 otherwise). */
  private serialise(parentId: string, id: string, body: z.output<S>): string {
    const json = JSON.stringify(this.schema.parse(body));
    const bytes = new TextEncoder().encode(json).byteLength;
    if (bytes > STORED_BODY_MAX_BYTES) {
      const message = this.describe(parentId, id, `is ${bytes} bytes as JSON; a stored definition may be at most ${STORED_BODY_MAX_BYTES} bytes`);
      throw new ValidationError([{ field: "(body)", rule: "too_big", message }]);
    }
    return json;
  }

  /** Turns a failed write into the domain error it stands for (see the header). */
  private async explain(error: unknown, body: z.output<S>, parentId: string, id: string, baseVersion?: number): Promise<Error> {
    const refused = refusedContent(error, deepestField(body));
    if (refused) return refused;
    if (!isConstraintFailure(error)) return error as Error;
    const current = await this.get(parentId, id);
    if (baseVersion === undefined) {
      if (current) return new ConflictError(this.describe(parentId, id, "already exists"));
      const [taken] = await this.takenElsewhere([id]);
      return taken ? new ConflictError(taken) : new NotFoundError(`${this.options.parentKind} ${parentId} does not exist`);
    }
    if (!current) return new NotFoundError(this.describe(parentId, id, "does not exist"));
    return new ConflictError(
      `${this.describe(parentId, id, `is at version ${current.version}`)}; this change was based on version ${baseVersion}. Reload it and apply the change again.`,
    );
  }

  /** The conflicts of those ids the table of shared ids holds (see StoreOptions.sharesIdsWith). */
  async takenElsewhere(ids: string[]): Promise<string[]> {
    const shared = this.options.sharesIdsWith;
    if (!shared || ids.length === 0) return [];
    const { results } = await this.db
      .prepare(`SELECT id FROM ${shared.table} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`)
      .bind(JSON.stringify(ids))
      .all<{ id: string }>();
    return results.map((row) => shared.conflict(row.id));
  }

  /** Removes the resource, its history, and everything nested under it. */
  async delete(parentId: string, id: string): Promise<void> {
    const [deleted] = await this.db.batch(this.deleteStatements(parentId, id));
    if (deleted?.meta.changes === 0) throw new NotFoundError(this.describe(parentId, id, "does not exist"));
  }

  /**
   * Statements that remove the resource, its history and what is nested under it, for a batch
   * that removes what belongs to it elsewhere too. The first one's changes say whether it existed.
   */
  deleteStatements(parentId: string, id: string): D1PreparedStatement[] {
    definitionsWriting(this.db);
    const statements = [
      this.db.prepare("DELETE FROM definitions WHERE kind = ? AND parent_id = ? AND id = ?").bind(this.kind, parentId, id),
      this.db.prepare("DELETE FROM definition_versions WHERE kind = ? AND parent_id = ? AND id = ?").bind(this.kind, parentId, id),
    ];
    for (const child of this.options.childKinds ?? []) {
      statements.push(this.db.prepare("DELETE FROM definitions WHERE kind = ? AND parent_id = ?").bind(child, id));
      statements.push(this.db.prepare("DELETE FROM definition_versions WHERE kind = ? AND parent_id = ?").bind(child, id));
    }
    return statements;
  }

  async versions(parentId: string, id: string): Promise<VersionEntry<z.output<S>>[]> {
    await this.require(parentId, id);
    const { results } = await this.db
      .prepare("SELECT version, body, author, created_at, comment FROM definition_versions WHERE kind = ? AND parent_id = ? AND id = ? ORDER BY version DESC")
      .bind(this.kind, parentId, id)
      .all<VersionRow>();
    return results.map((row) => this.entry(row));
  }

  async version(parentId: string, id: string, version: number): Promise<VersionEntry<z.output<S>>> {
    const row = await this.db
      .prepare("SELECT version, body, author, created_at, comment FROM definition_versions WHERE kind = ? AND parent_id = ? AND id = ? AND version = ?")
      .bind(this.kind, parentId, id, version)
      .first<VersionRow>();
    if (!row) {
      await this.require(parentId, id);
      throw new NotFoundError(this.describe(parentId, id, `has no version ${version}`));
    }
    return this.entry(row);
  }

  private head(row: HeadRow): Head<z.output<S>> {
    return {
      id: row.id,
      parentId: row.parent_id,
      version: row.version,
      body: JSON.parse(row.body) as z.output<S>,
      createdAt: row.created_at,
      createdBy: row.created_by,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    };
  }

  private entry(row: VersionRow): VersionEntry<z.output<S>> {
    return { version: row.version, body: JSON.parse(row.body) as z.output<S>, author: row.author, createdAt: row.created_at, comment: row.comment };
  }

  private describe(parentId: string, id: string, what: string): string {
    return `${this.kind} ${parentId ? `${parentId}/` : ""}${id} ${what}`;
  }
}

/**
 * Whether a write failed the way a conditional write of the store fails when another write got
 * there first: a key already taken (UNIQUE, PRIMARY KEY) or a guarded value selected as NULL
 * (NOT NULL). A CHECK failure is not one: see refusedContent.
 */
export function isConstraintFailure(error: unknown): boolean {
  return error instanceof Error && /\b(UNIQUE|PRIMARY KEY|NOT NULL) constraint failed/i.test(error.message);
}

/**
 * The 422 of a write the database refused for what it holds, naming `field`: JSON its CHECK
 * (json_valid) refuses, which for JSON.stringify's output means nested past SQLite's limit, or a
 * value past its size limit (SQLITE_TOOBIG). Undefined for any other failure.
 */
export function refusedContent(error: unknown, field: string): ValidationError | undefined {
  if (!(error instanceof Error)) return undefined;
  if (/CHECK constraint failed: json_valid/i.test(error.message))
    return new ValidationError([
      { field, rule: "too_deep", message: `is not JSON the database stores: it nests more than ${DATABASE_JSON_MAX_DEPTH} levels of arrays and objects` },
    ]);
  if (/SQLITE_TOOBIG|string or blob too big/i.test(error.message))
    return new ValidationError([{ field, rule: "too_big", message: "is too big for the database to store" }]);
  return undefined;
}

/**
 * What a failed batch of store statements (an import's) stands for: the 422 of content the
 * database refused, naming `field`; a conflict saying `conflict` when another write got there
 * first; otherwise the failure itself.
 */
export function batchFailure(error: unknown, field: string, conflict: string): unknown {
  return refusedContent(error, field) ?? (isConstraintFailure(error) ? new ConflictError(conflict) : error);
}

/** The top-level field of a definition that nests past the database's JSON limit, or "(body)". */
function deepestField(body: unknown): string {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "(body)";
  const deep = Object.entries(body).find(([, value]) => nestsDeeperThan(value, DATABASE_JSON_MAX_DEPTH - 1));
  return deep?.[0] ?? "(body)";
}
