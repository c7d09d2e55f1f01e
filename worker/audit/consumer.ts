// The audit queue's consumer: each batch is one INSERT of every event in it, read from a single
// JSON parameter (D1 binds at most 100 parameters a statement; one JSON array binds any batch).
// INSERT OR IGNORE on the event id makes a redelivered batch store nothing twice.
//
// Each message is checked against the event schema first. One that is not an event (a producer's
// bug, or someone else's message) would fail every retry alike: it is logged and acknowledged,
// never retried, and never holds back the events beside it. When the write fails, the events are
// handed back for retry one by one (not the batch: that would retry the acknowledged ones too);
// after max_retries the queue moves them to the dead-letter queue (wrangler.toml [[queues.consumers]]).
import type { Env } from "../env";
import { type AuditEvent, auditEvent } from "./event";

export const INSERT_EVENTS = `
INSERT OR IGNORE INTO audit_events (
  event_id, occurred_at, kind, action, outcome, via,
  principal_subject, principal_name, principal_roles, client_name, client_version, user_agent,
  target, resource_type, resource_id, resource_version, rows, truncated, duration_ms, neo4j_ms, detail
)
SELECT
  e ->> '$.event_id', e ->> '$.occurred_at', e ->> '$.kind', e ->> '$.action', e ->> '$.outcome', e ->> '$.via',
  e ->> '$.principal.subject', e ->> '$.principal.name', e -> '$.principal.roles',
  e ->> '$.client.name', e ->> '$.client.version', e ->> '$.client.user_agent',
  e ->> '$.target', e ->> '$.resource.type', e ->> '$.resource.id', e ->> '$.resource.version',
  e ->> '$.rows', e ->> '$.truncated', e ->> '$.duration_ms', e ->> '$.neo4j_ms', e -> '$.detail'
FROM (SELECT value AS e FROM json_each(?1))`;

export async function onAuditBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const events: { message: Message<unknown>; event: AuditEvent }[] = [];
  for (const message of batch.messages) {
    const parsed = auditEvent.safeParse(message.body);
    if (parsed.success) {
      events.push({ message, event: parsed.data });
    } else {
      console.error(`audit: message ${message.id} is not an audit event and is dropped`, parsed.error.issues.slice(0, 3));
      message.ack();
    }
  }
  if (events.length === 0) return;
  try {
    await env.DB.prepare(INSERT_EVENTS)
      .bind(JSON.stringify(events.map(({ event }) => event)))
      .run();
  } catch (error) {
    console.error(`audit: storing ${events.length} events failed; the queue retries them`, error);
    for (const { message } of events) message.retry();
    return;
  }
  for (const { message } of events) message.ack();
}
