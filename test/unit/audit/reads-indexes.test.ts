// Every filter of GET /audit reads a range of an index, newest first, with no sort: a page costs
// the same with a thousand events stored as with a million. Checked on SQLite's own plans
// (EXPLAIN QUERY PLAN) over 100,000 stored events, rather than on timings, which vary by machine.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditFilters } from "../../../worker/audit/filters";
import { AuditStore } from "../../../worker/audit/store";

/** The plan's lines, as SQLite words them: "SEARCH audit_events USING INDEX ... (target=? AND ...)". */
async function planOf(filters: Partial<AuditFilters>, after?: { occurred_at: string; event_id: string }) {
  const query = AuditStore.pageQuery(filters, 51, after);
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.values)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

const POSITION = { occurred_at: "2020-06-01T00:00:00.000Z", event_id: "0172c4c8-b800-7000-8000-000000000000" };

beforeAll(async () => {
  // 100,000 events over 2020 in one statement, as the bench fills a million.
  await env.DB.prepare(
    `INSERT OR IGNORE INTO audit_events (event_id, occurred_at, kind, action, outcome, via, principal_subject, target, resource_type, resource_id, duration_ms, detail)
     WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
     SELECT printf('00000000-0000-7000-8000-%012d', i), strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || (i * 300) || ' seconds'),
       'tool_call', 'tools/call', CASE WHEN i % 20 = 0 THEN 'tool_error' ELSE 'ok' END, 'mcp', 'p' || (i % 50), 't' || (i % 200), 'tool', 'r' || (i % 200), i % 1000, '{}'
     FROM n`,
  ).run();
}, 60_000);

describe("the plan of a page of GET /audit", () => {
  it.each([
    ["principal", { principal: "p1" }, "audit_events_by_principal (principal_subject=?)"],
    ["target", { target: "t1" }, "audit_events_by_target (target=?)"],
    ["kind", { kind: "graph_query" }, "audit_events_by_kind (kind=?)"],
    ["outcome", { outcome: "tool_error" }, "audit_events_by_outcome (outcome=?)"],
    ["via", { via: "rest" }, "audit_events_by_via (via=?)"],
    ["resource_type", { resource_type: "report" }, "audit_events_by_resource_type (resource_type=?)"],
    ["resource_id", { resource_id: "r1" }, "audit_events_by_resource (resource_id=?)"],
    ["since and until", { since: "2020-02-01T00:00:00.000Z", until: "2020-03-01T00:00:00.000Z" }, "audit_events_by_time (occurred_at>? AND occurred_at<?)"],
  ] as [string, Partial<AuditFilters>, string][])("filtered by %s searches its index, unsorted", async (_, filters, search) => {
    const plan = await planOf(filters);
    expect(plan).toEqual([`SEARCH audit_events USING INDEX ${search}`]);
  });

  it("with the cursor, starts the index range at the position", async () => {
    const plan = await planOf({ target: "t1" }, POSITION);
    expect(plan).toEqual(["SEARCH audit_events USING INDEX audit_events_by_target (target=? AND (occurred_at,event_id)<(?,?))"]);
  });

  it("unfiltered, reads the time index newest first and stops at the page", async () => {
    expect(await planOf({})).toEqual(["SCAN audit_events USING INDEX audit_events_by_time"]);
  });

  it("with filters combined, searches one filter's index and never scans the table", async () => {
    const plan = await planOf({ principal: "p1", outcome: "tool_error", since: "2020-02-01T00:00:00.000Z" });
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatch(/^SEARCH audit_events USING INDEX audit_events_by_\w+ \(/);
  });
});
