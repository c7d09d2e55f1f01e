// Reads of the versioned-definition tables beyond one resource's own (VersionedStore's): what
// serves or checks several kinds at once. Enabled children with their parents (the tools and
// prompts MCP clients see), which ids exist, bodies by id, and a read hook that joins a table of a
// resource's own to its heads (a report's settings and who may see it, a workflow's runs).
//
// SQL that names the definition tables is written in store/ only
// (test/unit/structure/sql-in-store.test.ts). A hook's own SQL sees the head as `d` and, when it
// reads history, the version as `v`, with the tables' columns (migrations/0001).
import type { Db } from "./db";

/** A definition's place: its parent's id ("" when top-level) and its own. */
export interface DefinitionKey {
  parentId: string;
  id: string;
}

/** A nested head, its body as stored (JSON text) for the caller to parse or cache by. */
export interface ChildRow {
  parentId: string;
  id: string;
  version: number;
  body: string;
}

export interface ChildFilter {
  /** Only children whose body is enabled, of parents whose body is enabled (the `enabled` field). */
  enabled?: boolean;
  /** Only this child. */
  key?: DefinitionKey;
}

/** A read of a resource's own table with the top-level heads of its kinds. */
export interface HookedRead {
  kinds: readonly string[];
  /** The hook's table joined to each head `d`, and how, with no arguments: "report_settings s ON s.report_id = d.id". */
  join: string;
  /** What is read, over the head `d`, the hook's table and (with `history`) the version `v`. */
  columns: string;
  /** Join each head's versions as `v`: a row per version. */
  history?: boolean;
  /** Which rows the reader sees, and anything else a row must satisfy, with its arguments. */
  where?: string;
  args?: unknown[];
  orderBy?: string;
  limit?: number;
  offset?: number;
}

/** A condition of a statement, with its arguments. */
export interface SqlCondition {
  sql: string;
  args: unknown[];
}

/** SQL true while a top-level head of `kind` has `id`: a guard another write checks in its own transaction. */
export function headExists(kind: string, id: string): SqlCondition {
  return { sql: "EXISTS (SELECT 1 FROM definitions WHERE kind = ? AND parent_id = '' AND id = ?)", args: [kind, id] };
}

const ENABLED = "json_extract(c.body, '$.enabled') = 1 AND json_extract(p.body, '$.enabled') = 1";

interface ChildSqlRow {
  parent_id: string;
  id: string;
  version: number;
  body: string;
  parent_body: string;
}

const childOf = (row: ChildSqlRow): ChildRow => ({ parentId: row.parent_id, id: row.id, version: row.version, body: row.body });

export class DefinitionReads {
  constructor(private readonly db: Db) {}

  /** The ids of a kind under a parent (top-level ones by default), in order. */
  async ids(kind: string, parentId = ""): Promise<string[]> {
    const { results } = await this.db
      .prepare("SELECT id FROM definitions WHERE kind = ? AND parent_id = ? ORDER BY id")
      .bind(kind, parentId)
      .all<{ id: string }>();
    return results.map((row) => row.id);
  }

  /** Those of the keys a head of one of the kinds has: one query, however many keys. */
  async existing(kinds: readonly string[], keys: DefinitionKey[]): Promise<DefinitionKey[]> {
    if (keys.length === 0) return [];
    // CROSS JOIN keeps the keys the outer loop, so each is one primary-key lookup, not a scan of the kinds.
    const { results } = await this.db
      .prepare(
        `SELECT d.parent_id, d.id FROM json_each(?2) k
         CROSS JOIN definitions d ON d.parent_id = json_extract(k.value, '$[0]') AND d.id = json_extract(k.value, '$[1]')
         WHERE d.kind IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(kinds), JSON.stringify(keys.map((key) => [key.parentId, key.id])))
      .all<{ parent_id: string; id: string }>();
    return results.map((row) => ({ parentId: row.parent_id, id: row.id }));
  }

  /** The bodies of the top-level heads of a kind with these ids (those that exist), in one query. */
  async bodies<T>(kind: string, ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const { results } = await this.db
      .prepare("SELECT body FROM definitions WHERE kind = ? AND parent_id = '' AND id IN (SELECT value FROM json_each(?))")
      .bind(kind, JSON.stringify(ids))
      .all<{ body: string }>();
    return results.map((row) => JSON.parse(row.body) as T);
  }

  /** Heads of a nested kind whose parent (of `parentKind`) exists, by parent and id, in one query (a join). */
  async children(kind: string, parentKind: string, filter: ChildFilter = {}): Promise<ChildRow[]> {
    return (await this.readChildren(kind, parentKind, filter, "")).map(childOf);
  }

  /** children(), each with its parent's body (JSON text). */
  async childrenWithParents(kind: string, parentKind: string, filter: ChildFilter = {}): Promise<(ChildRow & { parentBody: string })[]> {
    return (await this.readChildren(kind, parentKind, filter, ", p.body AS parent_body")).map((row) => ({ ...childOf(row), parentBody: row.parent_body }));
  }

  private async readChildren(kind: string, parentKind: string, filter: ChildFilter, parentColumns: string): Promise<ChildSqlRow[]> {
    const conditions = [filter.enabled ? ENABLED : "", filter.key ? "c.parent_id = ? AND c.id = ?" : ""].filter(Boolean);
    const { results } = await this.db
      .prepare(
        `SELECT c.parent_id, c.id, c.version, c.body${parentColumns}
         FROM definitions c JOIN definitions p ON p.kind = ? AND p.parent_id = '' AND p.id = c.parent_id
         WHERE c.kind = ? ${conditions.map((condition) => `AND ${condition}`).join(" ")}
         ORDER BY c.parent_id, c.id`,
      )
      .bind(parentKind, kind, ...(filter.key ? [filter.key.parentId, filter.key.id] : []))
      .all<ChildSqlRow>();
    return results;
  }

  /** The read hook: rows of a resource's own table with the heads (and history) they belong to. */
  async hooked<R>(read: HookedRead): Promise<R[]> {
    const history = read.history ? "JOIN definition_versions v ON v.kind = d.kind AND v.parent_id = d.parent_id AND v.id = d.id" : "";
    const where = read.where ? `AND (${read.where})` : "";
    const order = read.orderBy ? `ORDER BY ${read.orderBy}` : "";
    const page = read.limit === undefined ? "" : "LIMIT ? OFFSET ?";
    const { results } = await this.db
      .prepare(
        `SELECT ${read.columns} FROM definitions d JOIN ${read.join} ${history}
         WHERE d.kind IN (SELECT value FROM json_each(?)) AND d.parent_id = '' ${where} ${order} ${page}`,
      )
      .bind(JSON.stringify(read.kinds), ...(read.args ?? []), ...(read.limit === undefined ? [] : [read.limit, read.offset ?? 0]))
      .all<R>();
    return results;
  }
}
