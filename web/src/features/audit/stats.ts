// Reading GET /audit/stats for the usage views: the windows they offer and the figures as bars.
import type { Datum } from "../reports/panels/values";
import type { Hour } from "./HourChart";
import type { AuditStats } from "./types";

const HOUR = 3_600_000;
/** What a chart calls the calls without a target (a route the server did not name). */
const UNNAMED = "(none)";

export const WINDOWS = [
  { id: "24h", label: "Last 24 hours", hours: 24 },
  { id: "7d", label: "Last 7 days", hours: 24 * 7 },
  { id: "30d", label: "Last 30 days", hours: 24 * 30 },
] as const;
export type WindowId = (typeof WINDOWS)[number]["id"];

export const windowOf = (id: string | null) => WINDOWS.find((each) => each.id === id) ?? WINDOWS[0];

/** The stats query of a window ending now (to the hour's end, so one load and the next agree). */
export function statsQuery(hours: number, extra: Record<string, string> = {}): string {
  const until = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
  const since = new Date(until.getTime() - hours * HOUR);
  return `/audit/stats?${new URLSearchParams({ since: since.toISOString(), until: until.toISOString(), ...extra })}`;
}

export const busiest = (stats: AuditStats, count = 10): Datum[] =>
  stats.by_target.slice(0, count).map((each) => ({ id: each.target ?? UNNAMED, value: each.calls }));

export const slowest = (stats: AuditStats, count = 10): Datum[] =>
  stats.by_target
    .filter((each) => each.p95_ms !== null)
    .sort((a, b) => (b.p95_ms ?? 0) - (a.p95_ms ?? 0))
    .slice(0, count)
    .map((each) => ({ id: each.target ?? UNNAMED, value: Math.round(each.p95_ms ?? 0) }));

export const topCallers = (stats: AuditStats, count = 10): Datum[] =>
  stats.by_principal.slice(0, count).map((each) => ({ id: each.name ?? each.subject, value: each.calls }));

/** The hours in which something failed, the most failures first. */
export const errorSpikes = (stats: AuditStats): Hour[] =>
  stats.per_hour.filter((each) => each.errors > 0).sort((a, b) => b.errors - a.errors || a.hour.localeCompare(b.hour));
