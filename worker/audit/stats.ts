// Usage over a window of the audit log: calls, errors and the p50/p95 duration in all, per target
// and per principal, and calls per hour. D1 has no percentile function, and ranking every event
// (ROW_NUMBER over the window) sorts them all with the window machinery, which measured 3-4x
// slower than counting them: each group's events are counted per distinct duration (one GROUP
// BY), the counts summed fastest first, and the percentile is the first duration whose running
// count reaches its nearest rank, ceil(p × timed events), exactly as ranking would find it.
// The four statements go to D1 as one batch.
import type { Db } from "../store/db";
import type { AuditKind } from "./event";
import { statsWindow, type AuditStatsQuery } from "./filters";
import type { AuditStats } from "./responses";
import { whereOf } from "./store";

/** The kinds that are calls: what stats count unless asked for another kind. */
export const CALL_KINDS: AuditKind[] = ["tool_call", "prompt_get", "graph_query", "report_query", "workflow_run", "workflow_activity"];

const HOUR_MS = 3_600_000;

interface GroupRow {
  calls: number;
  errors: number;
  p50_ms: number | null;
  p95_ms: number | null;
}

/** Calls, errors and percentiles of the window's events per `group` (no group: all of them), busiest first. */
function usageBy(window: string, group: string[], { named = false, where = "" } = {}): string {
  const keys = group.map((column) => `${column}, `).join("");
  const partition = group.length > 0 ? `PARTITION BY ${group.join(", ")}` : "";
  const grouped = group.length > 0 ? `GROUP BY ${group.join(", ")} ORDER BY calls DESC, ${group.join(", ")}` : "";
  const name = named ? "MAX(principal_name) AS principal_name, " : "";
  return `${window},
counted AS (
  SELECT ${keys}${name}duration_ms, COUNT(*) AS n, SUM(outcome <> 'ok') AS errors FROM window_events ${where} GROUP BY ${keys}duration_ms
),
running AS (
  SELECT *, SUM(n) OVER (${partition} ORDER BY duration_ms NULLS LAST ROWS UNBOUNDED PRECEDING) AS upto,
    SUM(CASE WHEN duration_ms IS NOT NULL THEN n END) OVER (${partition}) AS timed
  FROM counted
)
SELECT ${keys}${name}COALESCE(SUM(n), 0) AS calls, COALESCE(SUM(errors), 0) AS errors,
  MIN(CASE WHEN upto >= (timed * 50 + 99) / 100 THEN duration_ms END) AS p50_ms,
  MIN(CASE WHEN upto >= (timed * 95 + 99) / 100 THEN duration_ms END) AS p95_ms
FROM running ${grouped}`;
}

const rowsOf = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];

const errorRate = (row: GroupRow) => (row.calls === 0 ? 0 : row.errors / row.calls);

/** Every hour from the one `since` falls in to the one before `until`, as ISO times. */
function hoursOf(since: string, until: string): string[] {
  const hours: string[] = [];
  for (let hour = Math.floor(Date.parse(since) / HOUR_MS) * HOUR_MS; hour < Date.parse(until); hour += HOUR_MS) hours.push(new Date(hour).toISOString());
  return hours;
}

export async function auditStats(db: Db, query: AuditStatsQuery): Promise<AuditStats> {
  const { since, until } = statsWindow(query);
  const where = whereOf({ since, until, target: query.target, principal: query.principal, kind: query.kind });
  const kinds = query.kind === undefined ? ` ${where.sql ? "AND" : "WHERE"} kind IN (${CALL_KINDS.map((kind) => `'${kind}'`).join(", ")})` : "";
  const window = `WITH window_events AS (
  SELECT target, kind, outcome, duration_ms, principal_subject, principal_name, occurred_at FROM audit_events ${where.sql}${kinds}
)`;
  const statement = (sql: string) => db.prepare(sql).bind(...where.values);
  const [totals, byTarget, byPrincipal, perHour] = await db.batch([
    statement(usageBy(window, [])),
    statement(usageBy(window, ["target", "kind"])),
    statement(usageBy(window, ["principal_subject"], { named: true, where: "WHERE principal_subject IS NOT NULL" })),
    statement(
      `${window} SELECT substr(occurred_at, 1, 13) AS hour, COUNT(*) AS calls, COALESCE(SUM(outcome <> 'ok'), 0) AS errors FROM window_events GROUP BY hour`,
    ),
  ]);
  const total = rowsOf<GroupRow>(totals)[0] ?? { calls: 0, errors: 0, p50_ms: null, p95_ms: null };
  const hourly = new Map(rowsOf<{ hour: string; calls: number; errors: number }>(perHour).map((row) => [row.hour, row]));
  return {
    since,
    until,
    totals: { calls: total.calls, errors: total.errors, error_rate: errorRate(total), p50_ms: total.p50_ms, p95_ms: total.p95_ms },
    by_target: rowsOf<GroupRow & { target: string | null; kind: AuditKind }>(byTarget).map((row) => ({
      target: row.target,
      kind: row.kind,
      calls: row.calls,
      errors: row.errors,
      error_rate: errorRate(row),
      p50_ms: row.p50_ms,
      p95_ms: row.p95_ms,
    })),
    by_principal: rowsOf<GroupRow & { principal_subject: string; principal_name: string | null }>(byPrincipal).map((row) => ({
      subject: row.principal_subject,
      name: row.principal_name,
      calls: row.calls,
      errors: row.errors,
      error_rate: errorRate(row),
      p50_ms: row.p50_ms,
      p95_ms: row.p95_ms,
    })),
    per_hour: hoursOf(since, until).map((hour) => {
      const row = hourly.get(hour.slice(0, 13));
      return { hour, calls: row?.calls ?? 0, errors: row?.errors ?? 0 };
    }),
  };
}
