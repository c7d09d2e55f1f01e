// Keeping the audit log AUDIT_RETENTION_DAYS long: each cron tick deletes the events older than
// that, oldest first, in bounded statements (at most `rows` a statement, `statements` a tick), so
// a tick's work stays small however far behind it is: a backlog is worked off over the next
// ticks (with the defaults, 50,000 events a minute). The events' time index serves the deletes.
import type { Config } from "../config";

export interface RetentionBounds {
  /** Most events one DELETE removes. */
  rows: number;
  /** Most DELETE statements one tick runs. */
  statements: number;
}

export const RETENTION_BOUNDS: RetentionBounds = { rows: 10_000, statements: 5 };

const DELETE_OLDEST = `
DELETE FROM audit_events WHERE event_id IN (
  SELECT event_id FROM audit_events WHERE occurred_at < ?1 ORDER BY occurred_at LIMIT ?2
)`;

/** Deletes events older than the retention, within `bounds`; answers how many it deleted. */
export async function pruneAuditLog(db: D1Database, config: Pick<Config, "AUDIT_RETENTION_DAYS">, now: Date, bounds = RETENTION_BOUNDS): Promise<number> {
  const cutoff = new Date(now.getTime() - config.AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  let deleted = 0;
  for (let statement = 0; statement < bounds.statements; statement++) {
    const { meta } = await db.prepare(DELETE_OLDEST).bind(cutoff, bounds.rows).run();
    deleted += meta.changes;
    if (meta.changes < bounds.rows) break;
  }
  return deleted;
}
