// Audit events as the real queue delivered them to D1 (worker/audit/consumer.ts). Each test
// tags its requests with a user agent of its own and reads back the events that carry it:
// delivery takes a batch timeout (TEST_AUDIT_BATCH_TIMEOUT_MS in the pool), so reads poll until
// the events arrived.
import { env, exports } from "cloudflare:workers";
import { createApp } from "../../worker/app";
import type { AuditRow } from "../../worker/audit/store";
import { eventually, queueDrains } from "./audit-queue";
import { mcpRequest } from "./mcp-request";

/** A stored row as the read side types it, with its detail both as stored and parsed. */
export type StoredEvent = Omit<AuditRow, "detail"> & {
  /** As stored: JSON text. */
  detail_text: string;
  detail: Record<string, any>;
};

/** A user agent no other test sends. */
export const freshAgent = () => `audit-test/${crypto.randomUUID()}`;

async function read(userAgent: string): Promise<StoredEvent[]> {
  const { results } = await env.DB.prepare("SELECT * FROM audit_events WHERE user_agent = ?1 ORDER BY event_id").bind(userAgent).all<Record<string, unknown>>();
  return results.map((row) => ({ ...(row as unknown as StoredEvent), detail_text: row.detail as string, detail: JSON.parse(row.detail as string) }));
}

/**
 * The events the requests with this user agent recorded, once `count` arrived; then a little
 * longer, so a duplicate delivered in the same stretch would show.
 */
export async function eventsOf(userAgent: string, count = 1, timeoutMs = 15_000): Promise<StoredEvent[]> {
  await eventually(
    () => read(userAgent),
    (events) => events.length >= count,
    timeoutMs,
  );
  await new Promise((resolve) => setTimeout(resolve, 4 * env.TEST_AUDIT_BATCH_TIMEOUT_MS));
  return read(userAgent);
}

/** The events the requests with this user agent recorded once the queue drained: none, where the test says nothing is recorded. */
export async function drainedEventsOf(userAgent: string): Promise<StoredEvent[]> {
  await queueDrains();
  return read(userAgent);
}

const app = createApp();

/**
 * An MCP request on the 2026-07-28 wire with this user agent, through the Worker's fetch handler
 * (with `vars`, through the app with those settings, as test/support/mcp-app.ts does).
 */
export async function mcpAs(userAgent: string, method: string, params: Record<string, unknown>, vars?: Record<string, string>): Promise<any> {
  const request = mcpRequest(method, params);
  request.headers.set("user-agent", userAgent);
  const response = vars ? await app.fetch(request, { ...env, ...vars }) : await exports.default.fetch(request);
  return response.json();
}
