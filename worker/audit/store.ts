// Reading the audit log back: audit_events rows (migrations/0007_audit_events.sql) as the
// AuditEvent shape they were recorded in, newest first, paged on (occurred_at, event_id) so a
// page boundary holds however many events arrive meanwhile (new ones sort before the first page).
// Every filter is an equality or a range on an indexed column, so each page is read from an index.
import type { Db } from "../store/db";
import { type AuditPosition, encodeCursor } from "./cursor";
import type { AuditEvent } from "./event";
import type { AuditFilters } from "./filters";

export interface AuditRow {
  event_id: string;
  occurred_at: string;
  kind: AuditEvent["kind"];
  action: string;
  outcome: AuditEvent["outcome"];
  via: AuditEvent["via"];
  principal_subject: string | null;
  principal_name: string | null;
  principal_roles: string | null;
  client_name: string | null;
  client_version: string | null;
  user_agent: string | null;
  target: string | null;
  resource_type: string | null;
  resource_id: string | null;
  resource_version: number | null;
  rows: number | null;
  truncated: number | null;
  duration_ms: number | null;
  neo4j_ms: number | null;
  detail: string;
}

export function eventOf(row: AuditRow): AuditEvent {
  return {
    event_id: row.event_id,
    occurred_at: row.occurred_at,
    kind: row.kind,
    action: row.action,
    outcome: row.outcome,
    via: row.via,
    principal:
      row.principal_subject === null ? null : { subject: row.principal_subject, name: row.principal_name, roles: JSON.parse(row.principal_roles ?? "[]") },
    client: { name: row.client_name, version: row.client_version, user_agent: row.user_agent },
    target: row.target,
    resource: row.resource_type === null || row.resource_id === null ? null : { type: row.resource_type, id: row.resource_id, version: row.resource_version },
    rows: row.rows,
    truncated: row.truncated === null ? null : row.truncated !== 0,
    duration_ms: row.duration_ms,
    neo4j_ms: row.neo4j_ms,
    detail: JSON.parse(row.detail),
  };
}

/** Each filter's column; every one leads an index of audit_events. */
const EQUALITIES = {
  principal: "principal_subject",
  target: "target",
  kind: "kind",
  outcome: "outcome",
  via: "via",
  resource_type: "resource_type",
  resource_id: "resource_id",
} as const;

export interface Where {
  sql: string;
  values: unknown[];
}

/** The WHERE clause of the filters (and of the position a page starts after), with its values. */
export function whereOf(filters: Partial<AuditFilters>, after?: AuditPosition): Where {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `?${values.length}`;
  };
  if (filters.since !== undefined) conditions.push(`occurred_at >= ${bind(filters.since)}`);
  if (filters.until !== undefined) conditions.push(`occurred_at < ${bind(filters.until)}`);
  for (const [field, column] of Object.entries(EQUALITIES)) {
    const value = filters[field as keyof typeof EQUALITIES];
    if (value !== undefined) conditions.push(`${column} = ${bind(value)}`);
  }
  if (after) conditions.push(`(occurred_at, event_id) < (${bind(after.occurred_at)}, ${bind(after.event_id)})`);
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "", values };
}

export interface AuditPage {
  events: AuditEvent[];
  next_cursor: string | null;
}

export class AuditStore {
  constructor(private readonly db: Db) {}

  /** The SELECT of a page: the newest `limit` events matching the filters after `after`. */
  static pageQuery(filters: Partial<AuditFilters>, limit: number, after?: AuditPosition): Where {
    const where = whereOf(filters, after);
    return { sql: `SELECT * FROM audit_events ${where.sql} ORDER BY occurred_at DESC, event_id DESC LIMIT ${limit}`, values: where.values };
  }

  /** One page, newest first; next_cursor is null on the last. */
  async page(filters: Partial<AuditFilters>, limit: number, after?: AuditPosition): Promise<AuditPage> {
    const query = AuditStore.pageQuery(filters, limit + 1, after);
    const { results } = await this.db
      .prepare(query.sql)
      .bind(...query.values)
      .all<AuditRow>();
    const rows = results.slice(0, limit);
    const last = rows.at(-1);
    return { events: rows.map(eventOf), next_cursor: results.length > limit && last ? encodeCursor(last) : null };
  }

  async get(eventId: string): Promise<AuditEvent | undefined> {
    const row = await this.db.prepare("SELECT * FROM audit_events WHERE event_id = ?1").bind(eventId).first<AuditRow>();
    return row ? eventOf(row) : undefined;
  }
}
