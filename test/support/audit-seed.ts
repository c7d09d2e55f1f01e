// Audit events for the UI's browser tests, written to the Worker's local D1 by the queue
// consumer's own INSERT (worker/audit/consumer.ts), as the consumer stores a delivered batch.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helpers shared with npm start
import { executeLocalSql } from "../../scripts/lib/wrangler-dev.mjs";
import { INSERT_EVENTS } from "../../worker/audit/consumer";
import type { AuditEvent } from "../../worker/audit/event";
import { eventId } from "../../worker/audit/event-id";
import type { RunningWorker } from "./worker";

const MINUTE = 60_000;

/** An event `minutesAgo` minutes old: a successful MCP tool call unless `parts` say otherwise. */
export function auditEvent(minutesAgo: number, parts: Partial<AuditEvent> = {}): AuditEvent {
  const time = Date.now() - minutesAgo * MINUTE;
  return {
    event_id: eventId(time),
    occurred_at: new Date(time).toISOString(),
    kind: "tool_call",
    action: "tools/call",
    outcome: "ok",
    via: "mcp",
    principal: { subject: "someone", name: null, roles: ["seizu-viewer"] },
    client: { name: null, version: null, user_agent: null },
    target: null,
    resource: null,
    rows: null,
    truncated: null,
    duration_ms: null,
    neo4j_ms: null,
    detail: {},
    ...parts,
  };
}

/** Stores `events` in the local D1 of `worker` (wrangler d1 execute, the consumer's statement). */
export function seedAuditEvents(worker: RunningWorker, events: AuditEvent[]): void {
  const directory = mkdtempSync(join(tmpdir(), "seizu-audit-seed-"));
  try {
    const file = join(directory, "events.sql");
    const literal = `'${JSON.stringify(events).replaceAll("'", "''")}'`;
    writeFileSync(file, `${INSERT_EVENTS.replace("?1", literal).trim()};\n`);
    executeLocalSql(worker.persistTo, file);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
