// GET /audit: the audit log newest first, filtered, paged by an opaque cursor that holds its place
// while events keep arriving, and one event by id.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditEvent } from "../../../worker/audit/event";
import { AuditTrail } from "../../../worker/audit/trail";
import { api } from "../../support/api";
import { auditEventAt, freshHour, storeEvents } from "../../support/audit";
import { eventually } from "../../support/audit-queue";

const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
const ids = (events: AuditEvent[]) => events.map((event) => event.event_id);

/** Ten events a minute apart in an hour of their own, by a subject of their own. */
async function tenEvents(overrides: (n: number) => Partial<AuditEvent> = () => ({})) {
  const start = freshHour(2001);
  const subject = `person-${crypto.randomUUID()}`;
  const events = Array.from({ length: 10 }, (_, n) =>
    auditEventAt(minutesAfter(start, n), { principal: { subject, name: "Person", roles: [] }, ...overrides(n) }),
  );
  await storeEvents(events);
  return { start, subject, events, newestFirst: ids(events).reverse() };
}

describe("GET /audit", () => {
  it("answers an event recorded through the real queue and consumer as the trail recorded it", async () => {
    const subject = `queued-${crypto.randomUUID()}`;
    const sent: Promise<unknown>[] = [];
    const trail = new AuditTrail(
      { queue: env.AUDIT_QUEUE, background: (work) => sent.push(work) },
      { via: "rest", principal: { subject, name: "Queued", roles: ["seizu-admin"] }, client: { name: null, version: null, user_agent: "curl/8" } },
    );
    trail.record({
      kind: "graph_query",
      action: "POST /api/v1/graph/query",
      outcome: "ok",
      target: "POST /api/v1/graph/query",
      rows: 2,
      duration_ms: 7.5,
      neo4j_ms: 3,
    });
    await Promise.all(sent);
    const events: AuditEvent[] = await eventually(
      async () => (await api("GET", `/audit?principal=${subject}`)).body.events,
      (answered) => answered.length > 0,
    );
    expect(events).toEqual([
      {
        event_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
        occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        kind: "graph_query",
        action: "POST /api/v1/graph/query",
        outcome: "ok",
        via: "rest",
        principal: { subject, name: "Queued", roles: ["seizu-admin"] },
        client: { name: null, version: null, user_agent: "curl/8" },
        target: "POST /api/v1/graph/query",
        resource: null,
        rows: 2,
        truncated: null,
        duration_ms: 7.5,
        neo4j_ms: 3,
        detail: {},
      },
    ]);
  }, 20_000);

  it("answers the events as they were recorded, newest first", async () => {
    const { subject, events, newestFirst } = await tenEvents();
    const { status, body } = await api("GET", `/audit?principal=${subject}`);
    expect(status).toBe(200);
    expect(ids(body.events)).toEqual(newestFirst);
    expect(body.events[0]).toEqual(events[9]);
    expect(body.next_cursor).toBeNull();
  });

  it("pages with the cursor, each event once, and holds its place while newer events arrive", async () => {
    const { start, subject, newestFirst } = await tenEvents();
    const first = await api("GET", `/audit?principal=${subject}&limit=4`);
    expect(ids(first.body.events)).toEqual(newestFirst.slice(0, 4));
    await storeEvents([auditEventAt(minutesAfter(start, 30), { principal: { subject, name: null, roles: [] } })]);
    const second = await api("GET", `/audit?principal=${subject}&limit=4&cursor=${first.body.next_cursor}`);
    expect(ids(second.body.events)).toEqual(newestFirst.slice(4, 8));
    const third = await api("GET", `/audit?principal=${subject}&limit=4&cursor=${second.body.next_cursor}`);
    expect(ids(third.body.events)).toEqual(newestFirst.slice(8));
    expect(third.body.next_cursor).toBeNull();
  });

  it("keeps apart events of the same millisecond, in event id order", async () => {
    const at = freshHour(2001).toISOString();
    const subject = `person-${crypto.randomUUID()}`;
    const events = Array.from({ length: 5 }, () => auditEventAt(at, { principal: { subject, name: null, roles: [] } }));
    await storeEvents(events);
    const expected = ids(events).sort().reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { events: AuditEvent[]; next_cursor: string | null } } = await api(
        "GET",
        `/audit?principal=${subject}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...ids(page.body.events));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it.each([
    ["target", (n: number) => ({ target: n % 2 ? "demo__odd" : "demo__even" }), "target=demo__odd", [9, 7, 5, 3, 1]],
    ["outcome", (n: number) => ({ outcome: n < 3 ? ("tool_error" as const) : ("ok" as const) }), "outcome=tool_error", [2, 1, 0]],
    ["kind", (n: number) => ({ kind: n === 4 ? ("graph_query" as const) : ("tool_call" as const) }), "kind=graph_query", [4]],
    ["via", (n: number) => ({ via: n > 7 ? ("rest" as const) : ("mcp" as const) }), "via=rest", [9, 8]],
    ["resource_type", (n: number) => ({ resource: { type: n === 0 ? "report" : "tool", id: "r", version: null } }), "resource_type=report", [0]],
    ["resource_id", (n: number) => ({ resource: { type: "tool", id: `demo/t${n % 3}`, version: 2 } }), "resource_id=demo/t1", [7, 4, 1]],
  ])("filters by %s", async (_, overrides, query, expected) => {
    const { subject, events } = await tenEvents(overrides);
    const { body } = await api("GET", `/audit?principal=${subject}&${query}`);
    expect(ids(body.events)).toEqual(expected.map((n) => events[n]!.event_id));
  });

  it("filters by a time range: since inclusive, until exclusive", async () => {
    const { start, subject, events } = await tenEvents();
    const { body } = await api("GET", `/audit?principal=${subject}&since=${minutesAfter(start, 2)}&until=${minutesAfter(start, 5)}`);
    expect(ids(body.events)).toEqual([4, 3, 2].map((n) => events[n]!.event_id));
  });

  it("reads a time with an offset as the instant it names", async () => {
    const { start, subject, events } = await tenEvents();
    const at = new Date(start.getTime() + 8 * 60_000);
    const local = `${new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`;
    const { body } = await api("GET", `/audit?principal=${subject}&since=${encodeURIComponent(local)}`);
    expect(ids(body.events)).toEqual([9, 8].map((n) => events[n]!.event_id));
  });
});

describe("GET /audit/events/{event_id}", () => {
  it("answers one event whole", async () => {
    const { events } = await tenEvents();
    const { status, body } = await api("GET", `/audit/events/${events[3]!.event_id}`);
    expect(status).toBe(200);
    expect(body).toEqual(events[3]);
  });

  it("answers 404 for an id it does not hold", async () => {
    const { status, body } = await api("GET", `/audit/events/${crypto.randomUUID()}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});
