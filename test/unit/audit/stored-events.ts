// Reading what the audit queue's consumer stored: the events of a kind in D1, polled until the
// real queue has delivered them (test/support/audit-queue.ts).
import { env } from "cloudflare:workers";
import { eventually } from "../../support/audit-queue";

export type StoredEvent = Record<string, unknown> & { detail: string };

/** The stored events matching `where` (SQL over audit_events' columns), oldest first. */
export async function storedEvents(where = "1 = 1", ...args: unknown[]): Promise<StoredEvent[]> {
  const { results } = await env.DB.prepare(`SELECT * FROM audit_events WHERE ${where} ORDER BY event_id`)
    .bind(...args)
    .all<StoredEvent>();
  return results;
}

/** The stored events matching `where` once at least `count` have arrived (or the time is up). */
export const arrived = (count: number, where = "1 = 1", ...args: unknown[]) =>
  eventually(
    () => storedEvents(where, ...args),
    (events) => events.length >= count,
  );
