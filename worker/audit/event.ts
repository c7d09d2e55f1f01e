// One audit event: what happened, who did it, through which client, how it ended and how long it
// took. The request hands events to the audit queue in this shape (audit/trail.ts), the consumer
// stores them as they are (audit/consumer.ts), and GET /audit returns them.
import { z } from "zod";

/** What happened: a call that ran (or was refused), a decision on a confirmation, a change, a failed sign-in. */
export const AUDIT_KINDS = [
  "tool_call",
  "prompt_get",
  "graph_query",
  "report_query",
  "workflow_run",
  "workflow_activity",
  "confirmation",
  "definition_change",
  "role_change",
  "sign_in_failure",
] as const;
export const auditKind = z.enum(AUDIT_KINDS);
export type AuditKind = z.output<typeof auditKind>;

/**
 * How it ended. Calls end ok, with a tool error (the query ran and failed, or answered an error),
 * refused (invalid input, missing permission, over a rate limit), timed out, or failed in Neo4j
 * or the Worker. Confirmations, changes and sign-in failures say what happened in `action`.
 */
export const AUDIT_OUTCOMES = ["ok", "tool_error", "invalid", "forbidden", "rate_limited", "timed_out", "neo4j_error", "error", "unauthenticated"] as const;
export const auditOutcome = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.output<typeof auditOutcome>;

/** Which door it came through: MCP, the REST API (the UI and the CLI included), or the Worker's own schedule and workflow runs. */
export const AUDIT_VIAS = ["mcp", "rest", "cron", "workflow"] as const;
export const auditVia = z.enum(AUDIT_VIAS);
export type AuditVia = z.output<typeof auditVia>;

export const auditPrincipal = z.object({
  subject: z.string(),
  name: z.string().nullable(),
  roles: z.array(z.string()),
});
export type AuditPrincipal = z.output<typeof auditPrincipal>;

export const auditClient = z.object({
  /** The MCP client's name and version (from `initialize`'s clientInfo, or the request's `_meta`). */
  name: z.string().nullable(),
  version: z.string().nullable(),
  user_agent: z.string().nullable(),
});

/** The definition a call ran or a change touched: `tool` (id `toolset/tool`), `toolset`, `report`, `role`, `workflow`, `confirmation`, ... */
export const auditResource = z.object({
  type: z.string(),
  id: z.string(),
  version: z.number().int().nullable(),
});

export const auditEvent = z.object({
  /** Time-ordered and unique (a UUIDv7): the consumer stores each id once, however often the queue delivers it. */
  event_id: z.string(),
  /** ISO 8601, UTC, milliseconds. */
  occurred_at: z.string(),
  kind: auditKind,
  /** The verb: `tools/call`, `prompts/get`, `GET /api/v1/graph/schema`, `create`, `approve`, `expired_token`, ... */
  action: z.string(),
  outcome: auditOutcome,
  via: auditVia,
  /** Who: null for a failed sign-in and for the Worker's own schedule. */
  principal: auditPrincipal.nullable(),
  client: auditClient,
  /** What was called or changed, as its caller named it: a tool's MCP name, a route, a resource path. */
  target: z.string().nullable(),
  resource: auditResource.nullable(),
  rows: z.number().int().nullable(),
  truncated: z.boolean().nullable(),
  duration_ms: z.number().nullable(),
  neo4j_ms: z.number().nullable(),
  /**
   * The rest, by kind: `arguments` (under AUDIT_ARGUMENTS), `error` (message), `comment` (a
   * change's), `confirmation_id`, `decided_by`, `path` (url, form, typed), `cut: true` when the
   * record was capped. Never tokens, secrets or result rows.
   */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.output<typeof auditEvent>;
