// Waiting for the real audit queue of the Workers pool: it delivers a batch one batch timeout
// after its first message (TEST_AUDIT_BATCH_TIMEOUT_MS, vitest.config.ts), and the consumer
// writes it to D1. Tests poll for what they expect rather than sleep a guessed delivery time.
import { env } from "cloudflare:workers";

/** Well past the time the queue takes to deliver (ten batch timeouts, and the write). */
export const DRAIN_MS = 10 * env.TEST_AUDIT_BATCH_TIMEOUT_MS + 250;

/** Waits as long as the queue would take to deliver, so a test can say something never arrived. */
export const queueDrains = () => new Promise((resolve) => setTimeout(resolve, DRAIN_MS));

/** Reads until `done` holds or the time is up, then answers the last read. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
