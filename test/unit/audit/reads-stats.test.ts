// GET /audit/stats over known events, the figures worked out by hand: p50 and p95 are the
// durations at the nearest rank (ceil(p × n) of the timed events, fastest first); errors count
// every outcome but ok; only the calls count unless a kind is asked for.
import { describe, expect, it } from "vitest";
import type { AuditEvent } from "../../../worker/audit/event";
import { api } from "../../support/api";
import { auditEventAt, freshHour, storeEvents } from "../../support/audit";

const alice = { subject: "stats-alice", name: "Alice", roles: [] };
const bob = { subject: "stats-bob", name: "Bob", roles: [] };

/**
 * In the first hour, ten calls of tool A taking 10, 20, ..., 100 ms (alice the first six, bob the
 * last four, the two slowest failing); in the second, graph queries of 5, 15 and 25 ms and one
 * refused without a duration, by alice; and a confirmation, which is no call.
 */
async function knownEvents() {
  const start = freshHour(2003).getTime();
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const tool = `stats__a_${crypto.randomUUID().slice(0, 8)}`;
  const events: AuditEvent[] = [
    ...Array.from({ length: 10 }, (_, i) =>
      auditEventAt(at(i), { target: tool, duration_ms: (i + 1) * 10, principal: i < 6 ? alice : bob, outcome: i >= 8 ? "tool_error" : "ok" }),
    ),
    ...[5, 15, 25].map((duration, i) =>
      auditEventAt(at(60 + i), { kind: "graph_query", target: "POST /api/v1/graph/query", duration_ms: duration, principal: alice }),
    ),
    auditEventAt(at(70), { kind: "graph_query", target: "POST /api/v1/graph/query", duration_ms: null, outcome: "invalid", principal: alice }),
    auditEventAt(at(80), { kind: "confirmation", action: "approve", target: "confirmation", duration_ms: 999, principal: bob }),
  ];
  await storeEvents(events);
  return { tool, since: at(0), until: at(120), hours: [at(0), at(60)] };
}

describe("GET /audit/stats", () => {
  it("answers calls, errors and p50/p95 in all, per target and per principal, and calls per hour", async () => {
    const { tool, since, until, hours } = await knownEvents();
    const { status, body } = await api("GET", `/audit/stats?since=${since}&until=${until}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      since,
      until,
      // 13 timed calls: 5 10 15 20 25 30 40 50 60 70 80 90 100; p50 rank 7, p95 rank 13.
      totals: { calls: 14, errors: 3, error_rate: 3 / 14, p50_ms: 40, p95_ms: 100 },
      by_target: [
        // ranks 5 and 10 of ten
        { target: tool, kind: "tool_call", calls: 10, errors: 2, error_rate: 0.2, p50_ms: 50, p95_ms: 100 },
        // ranks 2 and 3 of the three timed
        { target: "POST /api/v1/graph/query", kind: "graph_query", calls: 4, errors: 1, error_rate: 0.25, p50_ms: 15, p95_ms: 25 },
      ],
      by_principal: [
        // alice: 5 10 15 20 25 30 40 50 60 timed; ranks 5 and 9
        { subject: "stats-alice", name: "Alice", calls: 10, errors: 1, error_rate: 0.1, p50_ms: 25, p95_ms: 60 },
        // bob: 70 80 90 100; ranks 2 and 4
        { subject: "stats-bob", name: "Bob", calls: 4, errors: 2, error_rate: 0.5, p50_ms: 80, p95_ms: 100 },
      ],
      per_hour: [
        { hour: hours[0], calls: 10, errors: 2 },
        { hour: hours[1], calls: 4, errors: 1 },
      ],
    });
  });

  it("narrows to one target, and to one principal", async () => {
    const { tool, since, until } = await knownEvents();
    const byTool = (await api("GET", `/audit/stats?since=${since}&until=${until}&target=${tool}`)).body;
    expect(byTool.totals).toEqual({ calls: 10, errors: 2, error_rate: 0.2, p50_ms: 50, p95_ms: 100 });
    expect(byTool.by_principal.map((row: { subject: string; calls: number }) => [row.subject, row.calls])).toEqual([
      ["stats-alice", 6],
      ["stats-bob", 4],
    ]);
    const byBob = (await api("GET", `/audit/stats?since=${since}&until=${until}&principal=stats-bob`)).body;
    // 70 80 90 100: ranks 2 and 4
    expect(byBob.totals).toEqual({ calls: 4, errors: 2, error_rate: 0.5, p50_ms: 80, p95_ms: 100 });
  });

  it("counts another kind when asked for it", async () => {
    const { since, until } = await knownEvents();
    const { body } = await api("GET", `/audit/stats?since=${since}&until=${until}&kind=confirmation`);
    expect(body.totals).toEqual({ calls: 1, errors: 0, error_rate: 0, p50_ms: 999, p95_ms: 999 });
    expect(body.by_target).toEqual([expect.objectContaining({ target: "confirmation", kind: "confirmation" })]);
  });

  it("answers zeros and null percentiles for a window without events, every hour listed", async () => {
    const start = freshHour(2003).getTime();
    const since = new Date(start).toISOString();
    const until = new Date(start + 3 * 3_600_000).toISOString();
    const { body } = await api("GET", `/audit/stats?since=${since}&until=${until}`);
    expect(body.totals).toEqual({ calls: 0, errors: 0, error_rate: 0, p50_ms: null, p95_ms: null });
    expect(body.by_target).toEqual([]);
    expect(body.per_hour.map((hour: { hour: string; calls: number }) => [hour.hour, hour.calls])).toEqual([
      [since, 0],
      [new Date(start + 3_600_000).toISOString(), 0],
      [new Date(start + 7_200_000).toISOString(), 0],
    ]);
  });

  it("covers the last 24 hours by default", async () => {
    const before = Date.now();
    const { body } = await api("GET", "/audit/stats");
    const until = Date.parse(body.until);
    expect(until).toBeGreaterThanOrEqual(before);
    expect(until - Date.parse(body.since)).toBe(86_400_000);
    expect(body.per_hour.length).toBeGreaterThanOrEqual(24);
  });

  it("takes a window of exactly 31 days", async () => {
    const { status } = await api("GET", "/audit/stats?since=2026-01-01T00:00:00Z&until=2026-02-01T00:00:00Z");
    expect(status).toBe(200);
  });
});
