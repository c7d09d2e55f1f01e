// The audit queue's consumer: each batch is one INSERT of every event in it, read from a single
// JSON parameter (D1 binds at most 100 parameters a statement; one JSON array binds any batch).
// INSERT OR IGNORE on the event id makes a redelivered batch store nothing twice. A batch that
// fails is retried by the queue, then dead-lettered (wrangler.toml [[queues.consumers]]).
import type { Env } from "../env";
import type { AuditEvent } from "./event";

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

export async function onAuditBatch(batch: MessageBatch<AuditEvent>, env: Env): Promise<void> {
  await env.DB.prepare(INSERT_EVENTS)
    .bind(JSON.stringify(batch.messages.map((message) => message.body)))
    .run();
}
