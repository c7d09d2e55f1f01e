// What a seed file's import writes, whatever the section's shape (a tree of toolsets or
// skillsets, flat reports keyed by id, workflows matched by name): each entry is created, updated
// with a new version on the one stored, or left alone when equal to it (unless forced), so
// re-running an import is a no-op; and every statement goes in one batch, all or nothing.
import { canonicalJson } from "../digest";
import type { Db } from "../store/db";
import { batchFailure, type Change } from "../store/versioned-store";

export type ImportAction = "created" | "updated" | "unchanged";

/** What an import writes through one level's versioned store. */
export interface ImportStore<B> {
  createStatements(parentId: string, id: string, body: B, change: Change, now: string): D1PreparedStatement[];
  updateStatements(parentId: string, id: string, body: B, baseVersion: number, change: Change, now: string): D1PreparedStatement[];
}

/** One entry of an import: where it goes, what is stored there now (if anything), and its new body. */
export interface ImportEntry<B> {
  parentId: string;
  id: string;
  current: { body: B; version: number } | undefined;
  body: B;
}

/** The entry's action, and the statements that write it (none when unchanged). */
export function planEntry<B>(
  store: ImportStore<B>,
  { parentId, id, current, body }: ImportEntry<B>,
  force: boolean,
  change: Change,
  now: string,
): { action: ImportAction; statements: D1PreparedStatement[] } {
  if (!current) return { action: "created", statements: store.createStatements(parentId, id, body, change, now) };
  if (force || canonicalJson(current.body) !== canonicalJson(body))
    return { action: "updated", statements: store.updateStatements(parentId, id, body, current.version, change, now) };
  return { action: "unchanged", statements: [] };
}

/**
 * Writes an import's statements in one batch, unless it is a dry run. A concurrent change to one
 * of its entries (a stale version, a taken id) fails the whole batch: nothing is written, and the
 * caller hears `conflict` under the section's `field`.
 */
export async function writeImport(db: Db, statements: D1PreparedStatement[], dryRun: boolean, field: string, conflict: string): Promise<void> {
  if (dryRun || statements.length === 0) return;
  try {
    await db.batch(statements);
  } catch (error) {
    throw batchFailure(error, field, conflict);
  }
}
