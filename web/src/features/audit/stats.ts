// Reading GET /audit/stats for the usage views: the windows they offer, every hour of the window
// (hours without calls count as zero, so the chart's time axis is even), and the figures as bars.
import type { Datum } from "../reports/panels/values";
import type { Hour } from "./HourChart";
import type { AuditStats } from "./types";

const HOUR = 3_600_000;

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

/** Every hour from `since` to `until`, with the answer's counts where it has them. */
export function everyHour(stats: AuditStats): Hour[] {
  const counted = new Map(stats.per_hour.map((each) => [new Date(each.hour).getTime(), each]));
  const hours: Hour[] = [];
  const start = Math.floor(new Date(stats.since).getTime() / HOUR) * HOUR;
  for (let time = start; time < new Date(stats.until).getTime(); time += HOUR) {
    const found = counted.get(time);
    hours.push({ hour: new Date(time).toISOString(), calls: found?.calls ?? 0, errors: found?.errors ?? 0 });
  }
  return hours;
}

export const busiest = (stats: AuditStats, count = 10): Datum[] => stats.by_target.slice(0, count).map((each) => ({ id: each.target, value: each.calls }));

export const slowest = (stats: AuditStats, count = 10): Datum[] =>
  stats.by_target
    .filter((each) => each.p95_ms !== null)
    .sort((a, b) => (b.p95_ms ?? 0) - (a.p95_ms ?? 0))
    .slice(0, count)
    .map((each) => ({ id: each.target, value: Math.round(each.p95_ms ?? 0) }));

export const topCallers = (stats: AuditStats, count = 10): Datum[] =>
  stats.by_principal.slice(0, count).map((each) => ({ id: each.name ?? each.subject, value: each.calls }));

/** The hours in which something failed, the most failures first. */
export const errorSpikes = (stats: AuditStats): Hour[] =>
  stats.per_hour.filter((each) => each.errors > 0).sort((a, b) => b.errors - a.errors || a.hour.localeCompare(b.hour));
