// A request's audit trail: who is calling, through which door and client, stamped on every event
// the request records. Recording never waits: the event goes to the audit queue in the request's
// waitUntil, and a queue that refuses it costs a log line, never the caller's answer.
import type { z } from "zod";
import { type ArgumentsPolicy, recordedArguments } from "./arguments";
import { capEvent } from "./cap";
import { type AuditEvent, auditEvent, type AuditVia } from "./event";
import { eventId } from "./event-id";

/** What a recording site says; the trail adds the id, the time, the caller and the client. */
export const auditRecord = auditEvent
  .pick({ kind: true, action: true, outcome: true })
  .extend(auditEvent.pick({ target: true, resource: true, rows: true, truncated: true, duration_ms: true, neo4j_ms: true, detail: true }).partial().shape);
export type AuditRecord = z.input<typeof auditRecord> & {
  /** A call's arguments as sent: stored as AUDIT_ARGUMENTS says (audit/arguments.ts), in detail.arguments. */
  arguments?: Record<string, unknown>;
  /** Names of arguments never stored (parameters marked sensitive). */
  sensitive?: readonly string[];
};

export interface AuditSink {
  queue: Queue<AuditEvent>;
  /** The request's waitUntil. */
  background: (work: Promise<unknown>) => void;
  /** AUDIT_ARGUMENTS; full when unset, as the setting's default. */
  arguments?: ArgumentsPolicy;
  /** What every event of this request's caller carries in detail: the connected app (`oauth_client_id`) of an edge token. */
  detail?: Record<string, unknown>;
}

export interface AuditCaller {
  via: AuditVia;
  principal: AuditEvent["principal"];
  client: AuditEvent["client"];
}

export class AuditTrail {
  /** A trail that records nothing: AUDIT_ENABLED=false, or a context with no queue. */
  static readonly off = new AuditTrail(undefined, { via: "rest", principal: null, client: { name: null, version: null, user_agent: null } });

  constructor(
    private readonly sink: AuditSink | undefined,
    readonly caller: AuditCaller,
  ) {}

  /** Whether this trail records (auditing is on and it has a queue). */
  get recording(): boolean {
    return this.sink !== undefined;
  }

  /** The same trail for a caller known better later (an MCP client's name, read from the message). */
  with(caller: Partial<AuditCaller>): AuditTrail {
    return new AuditTrail(this.sink, { ...this.caller, ...caller });
  }

  record(record: AuditRecord): void {
    const sink = this.sink;
    if (!sink) return;
    const args = recordedArguments(sink.arguments ?? "full", record.arguments, record.sensitive);
    const event: AuditEvent = {
      event_id: eventId(),
      occurred_at: new Date().toISOString(),
      kind: record.kind,
      action: record.action,
      outcome: record.outcome,
      ...this.caller,
      target: record.target ?? null,
      resource: record.resource ?? null,
      rows: record.rows ?? null,
      truncated: record.truncated ?? null,
      duration_ms: record.duration_ms ?? null,
      neo4j_ms: record.neo4j_ms ?? null,
      detail: args === undefined ? { ...sink.detail, ...record.detail } : { ...sink.detail, ...record.detail, arguments: args },
    };
    sink.background(sink.queue.send(capEvent(event), { contentType: "json" }).catch((error) => console.error("audit: event not queued", error)));
  }
}
