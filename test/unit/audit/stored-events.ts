// Reading what the audit queue's consumer stored: the events of a kind in D1, polled until the
// real queue has delivered them (a batch waits up to max_batch_timeout, 2 s, before delivery).
import { env } from "cloudflare:workers";

export type StoredEvent = Record<string, unknown> & { detail: string };

/** The stored events matching `where` (SQL over audit_events' columns), oldest first. */
export async function storedEvents(where = "1 = 1", ...args: unknown[]): Promise<StoredEvent[]> {
  const { results } = await env.DB.prepare(`SELECT * FROM audit_events WHERE ${where} ORDER BY event_id`)
    .bind(...args)
    .all<StoredEvent>();
  return results;
}

/** Reads until `done` holds or the time is up, then answers the last read. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The stored events matching `where` once at least `count` have arrived (or the time is up). */
export const arrived = (count: number, where = "1 = 1", ...args: unknown[]) =>
  eventually(
    () => storedEvents(where, ...args),
    (events) => events.length >= count,
  );

/** Waits as long as the queue would take to deliver, so a test can say something never arrived. */
export const queueDrains = () => new Promise((resolve) => setTimeout(resolve, 3_000));
