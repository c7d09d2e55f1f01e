// How `seizu audit` shows the audit log to people: a page of events as a table, usage as totals
// and tables per target and per principal. --output json prints the server's replies instead.
import type { ReplyOf } from "../worker/api";
import { fields, listTable } from "./output";

type Page = ReplyOf<"audit_list">;
type Stats = ReplyOf<"audit_stats">;

const ms = (value: number | null) => (value === null ? "" : String(Math.round(value * 10) / 10));
const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

export function auditPageTable(page: Page) {
  const rows = listTable(page.events, "(no events)", [
    { header: "TIME", value: (event) => event.occurred_at },
    { header: "KIND", value: (event) => event.kind },
    { header: "TARGET", value: (event) => event.target ?? event.action, max: 50 },
    { header: "PRINCIPAL", value: (event) => event.principal?.subject ?? "", max: 40 },
    { header: "OUTCOME", value: (event) => event.outcome },
    { header: "MS", value: (event) => ms(event.duration_ms) },
    { header: "VIA", value: (event) => event.via },
    { header: "EVENT", value: (event) => event.event_id },
  ]);
  return page.next_cursor ? `${rows}\n\nmore: --cursor ${page.next_cursor}` : rows;
}

export function auditStatsView(stats: Stats) {
  const { totals } = stats;
  const summary = fields([
    ["window", `${stats.since} – ${stats.until}`],
    ["calls", totals.calls],
    ["errors", `${totals.errors} (${percent(totals.error_rate)})`],
    ["p50 ms", ms(totals.p50_ms)],
    ["p95 ms", ms(totals.p95_ms)],
  ]);
  const usage = { calls: "CALLS", errors: "ERRORS", p50: "P50 MS", p95: "P95 MS" };
  const byTarget = listTable(stats.by_target, "(no calls)", [
    { header: "TARGET", value: (row) => row.target ?? "", max: 60 },
    { header: "KIND", value: (row) => row.kind },
    { header: usage.calls, value: (row) => row.calls },
    { header: usage.errors, value: (row) => row.errors },
    { header: "ERROR RATE", value: (row) => percent(row.error_rate) },
    { header: usage.p50, value: (row) => ms(row.p50_ms) },
    { header: usage.p95, value: (row) => ms(row.p95_ms) },
  ]);
  const byPrincipal = listTable(stats.by_principal, "(no callers)", [
    { header: "PRINCIPAL", value: (row) => row.subject, max: 40 },
    { header: "NAME", value: (row) => row.name ?? "", max: 30 },
    { header: usage.calls, value: (row) => row.calls },
    { header: usage.errors, value: (row) => row.errors },
    { header: usage.p50, value: (row) => ms(row.p50_ms) },
    { header: usage.p95, value: (row) => ms(row.p95_ms) },
  ]);
  return `${summary}\n\n${byTarget}\n\n${byPrincipal}`;
}
