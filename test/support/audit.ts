// Audit events for the read tests: built whole (the shape the trail records), stored with the
// consumer's own INSERT, which is what puts every event in D1 (a batch of any size in one statement).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { onAuditBatch } from "../../worker/audit/consumer";
import type { AuditEvent } from "../../worker/audit/event";
import { eventId } from "../../worker/audit/event-id";

let counter = 0;

/** A tool call at `at` (ISO), by `subject`, to `target`; anything else as given. */
export function auditEventAt(at: string, overrides: Partial<AuditEvent> = {}): AuditEvent {
  counter += 1;
  return {
    event_id: eventId(Date.parse(at)),
    occurred_at: new Date(at).toISOString(),
    kind: "tool_call",
    action: "tools/call",
    outcome: "ok",
    via: "mcp",
    principal: { subject: "alice", name: "Alice", roles: ["seizu-viewer"] },
    client: { name: "claude-code", version: "2.1.0", user_agent: "test" },
    target: "demo__count",
    resource: { type: "tool", id: "demo/count", version: 1 },
    rows: 1,
    truncated: false,
    duration_ms: counter,
    neo4j_ms: 1,
    detail: { arguments: { n: counter } },
    ...overrides,
  };
}

/**
 * Stores the events through the queue's consumer, in batches of 100 (the queue's max_batch_size),
 * each a message batch as the queue hands it over, and checks that the consumer took every one.
 */
export async function storeEvents(events: AuditEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += 100) {
    const messages = events.slice(start, start + 100).map((body, index) => ({ id: `m${start + index}`, timestamp: new Date(), attempts: 1, body }));
    const batch = createMessageBatch<AuditEvent>("seizu-edge-audit", messages);
    const ctx = createExecutionContext();
    await onAuditBatch(batch, env);
    const result = await getQueueResult(batch, ctx);
    if (result.retryMessages.length > 0 || result.explicitAcks.length !== messages.length) {
      throw new Error(`the consumer did not take every event: ${JSON.stringify(result)}`);
    }
  }
}

/** A time of its own for each test file and test: nothing another test stored falls in its window. */
let hourOffset = 0;
export function freshHour(year: number): Date {
  hourOffset += 3;
  return new Date(Date.UTC(year, 0, 1, 0) + hourOffset * 3_600_000);
}
