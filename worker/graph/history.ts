// The caller's query history (upstream Seizu's query console history): what POST /query/adhoc ran,
// newest first, kept per person and bounded to their newest HISTORY_MAX entries. Every read and
// delete is scoped to the caller: another person's entry is indistinguishable from a missing one.
import { z } from "zod";
import { NotFoundError } from "../errors/domain";
import { pageQuery } from "../kit/schemas";
import type { Db } from "../store/db";

/** Entries kept per person; recording one more removes the oldest. */
export const HISTORY_MAX = 100;

export const historyItem = z.object({
  history_id: z.string(),
  user_id: z.string(),
  query: z.string(),
  executed_at: z.string(),
});
export type HistoryItem = z.output<typeof historyItem>;

/** Upstream's paging: page from 1, per_page 1–100 (default 20). */
export const historyPage = pageQuery(100, 20, "Entries");
export type HistoryPage = z.output<typeof historyPage>;

export class QueryHistory {
  constructor(
    private readonly db: Db,
    private readonly userId: string,
  ) {}

  /** Records a query the caller ran, and forgets their entries beyond the newest HISTORY_MAX. */
  async record(query: string): Promise<HistoryItem> {
    const item = { history_id: crypto.randomUUID(), user_id: this.userId, query, executed_at: new Date().toISOString() };
    await this.db.batch([
      this.db
        .prepare("INSERT INTO query_history (history_id, user_id, query, executed_at) VALUES (?1, ?2, ?3, ?4)")
        .bind(item.history_id, item.user_id, item.query, item.executed_at),
      this.db
        .prepare(
          `DELETE FROM query_history WHERE user_id = ?1 AND history_id NOT IN
           (SELECT history_id FROM query_history WHERE user_id = ?1 ORDER BY executed_at DESC, history_id DESC LIMIT ?2)`,
        )
        .bind(this.userId, HISTORY_MAX),
    ]);
    return item;
  }

  async list({ page, per_page }: HistoryPage) {
    const [items, count] = await this.db.batch<HistoryItem | { total: number }>([
      this.db
        .prepare("SELECT * FROM query_history WHERE user_id = ?1 ORDER BY executed_at DESC, history_id DESC LIMIT ?2 OFFSET ?3")
        .bind(this.userId, per_page, (page - 1) * per_page),
      this.db.prepare("SELECT count(*) AS total FROM query_history WHERE user_id = ?1").bind(this.userId),
    ]);
    return { items: (items?.results ?? []) as HistoryItem[], total: (count?.results[0] as { total: number } | undefined)?.total ?? 0, page, per_page };
  }

  async get(historyId: string): Promise<HistoryItem> {
    const item = await this.db.prepare("SELECT * FROM query_history WHERE history_id = ?1 AND user_id = ?2").bind(historyId, this.userId).first<HistoryItem>();
    if (!item) throw new NotFoundError(`Query history entry ${historyId} not found`);
    return item;
  }

  async delete(historyId: string): Promise<void> {
    const { meta } = await this.db.prepare("DELETE FROM query_history WHERE history_id = ?1 AND user_id = ?2").bind(historyId, this.userId).run();
    if (meta.changes === 0) throw new NotFoundError(`Query history entry ${historyId} not found`);
  }

  async clear(): Promise<void> {
    await this.db.prepare("DELETE FROM query_history WHERE user_id = ?1").bind(this.userId).run();
  }
}
