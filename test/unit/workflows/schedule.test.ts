import { describe, expect, it } from "vitest";
import { dueOccurrence, nextDue } from "../../../worker/workflows/schedule";
import { scheduleSpec } from "../../../worker/workflows/schemas";

const at = (iso: string) => new Date(iso);
const spec = (value: unknown) => scheduleSpec.parse(value);
const created = at("2026-01-01T00:00:00Z");

describe("schedule: interval and hourly", () => {
  const every5 = { schedule: spec({ type: "interval", interval_minutes: 5 }) };

  it("is due at once when it never ran, for the current minute", () => {
    expect(dueOccurrence(every5, { lastScheduledAt: null, createdAt: created }, at("2026-03-02T10:07:31Z"))).toEqual(at("2026-03-02T10:07:00Z"));
  });

  it("is not due before a whole period has passed since the last claim", () => {
    expect(dueOccurrence(every5, { lastScheduledAt: at("2026-03-02T10:05:00Z"), createdAt: created }, at("2026-03-02T10:09:59Z"))).toBeNull();
  });

  it("is due once the period has passed, and says when it is next due", () => {
    const state = { lastScheduledAt: at("2026-03-02T10:05:00Z"), createdAt: created };
    expect(dueOccurrence(every5, state, at("2026-03-02T10:10:00.300Z"))).toEqual(at("2026-03-02T10:10:00Z"));
    expect(nextDue(every5, state, at("2026-03-02T10:06:00Z"))).toEqual(at("2026-03-02T10:10:00Z"));
  });

  it("counts hourly periods in hours", () => {
    const every2h = { schedule: spec({ type: "hourly", interval_hours: 2 }) };
    const state = { lastScheduledAt: at("2026-03-02T08:00:00Z"), createdAt: created };
    expect(dueOccurrence(every2h, state, at("2026-03-02T09:59:00Z"))).toBeNull();
    expect(dueOccurrence(every2h, state, at("2026-03-02T10:00:00Z"))).toEqual(at("2026-03-02T10:00:00Z"));
  });

  it("treats a scheduled query's deprecated frequency as minutes", () => {
    const state = { lastScheduledAt: at("2026-03-02T10:00:00Z"), createdAt: created };
    expect(dueOccurrence({ schedule: null, frequency: 30 }, state, at("2026-03-02T10:29:00Z"))).toBeNull();
    expect(dueOccurrence({ schedule: null, frequency: 30 }, state, at("2026-03-02T10:30:00Z"))).not.toBeNull();
  });
});

describe("schedule: daily and monthly", () => {
  // 2026-03-02 is a Monday (0), 2026-03-04 a Wednesday (2).
  const monWed0930 = { schedule: spec({ type: "daily", days_of_week: [0, 2], hour: 9, minute: 30 }) };

  it("fires for the latest occurrence after the last claim", () => {
    const state = { lastScheduledAt: at("2026-03-02T09:30:00Z"), createdAt: created };
    expect(dueOccurrence(monWed0930, state, at("2026-03-03T12:00:00Z"))).toBeNull();
    expect(dueOccurrence(monWed0930, state, at("2026-03-04T09:30:20Z"))).toEqual(at("2026-03-04T09:30:00Z"));
  });

  it("fires only for occurrences after creation when it never ran", () => {
    const state = { lastScheduledAt: null, createdAt: at("2026-03-02T10:00:00Z") };
    expect(dueOccurrence(monWed0930, state, at("2026-03-02T11:00:00Z"))).toBeNull();
    expect(nextDue(monWed0930, state, at("2026-03-02T11:00:00Z"))).toEqual(at("2026-03-04T09:30:00Z"));
  });

  it("collapses missed occurrences into one run for the latest", () => {
    const state = { lastScheduledAt: at("2026-02-02T09:30:00Z"), createdAt: created };
    expect(dueOccurrence(monWed0930, state, at("2026-03-05T00:00:00Z"))).toEqual(at("2026-03-04T09:30:00Z"));
  });

  it("runs a day the month lacks on its last day", () => {
    const on31 = { schedule: spec({ type: "monthly", days_of_month: [31] }) };
    const state = { lastScheduledAt: at("2026-03-31T00:00:00Z"), createdAt: created };
    expect(nextDue(on31, state, at("2026-04-10T00:00:00Z"))).toEqual(at("2026-04-30T00:00:00Z"));
    expect(dueOccurrence(on31, state, at("2026-04-30T00:00:05Z"))).toEqual(at("2026-04-30T00:00:00Z"));
  });
});

describe("schedule: next due is the cron tick that runs it", () => {
  // The cron ticks on every whole minute; reconcile claims what dueOccurrence finds due at a tick.
  const firstDueTick = (trigger: Parameters<typeof nextDue>[0], state: Parameters<typeof nextDue>[1], now: Date) => {
    const first = Math.ceil(now.getTime() / 60_000) * 60_000;
    for (let tick = first; tick < first + 40 * 24 * 60 * 60_000; tick += 60_000) {
      if (dueOccurrence(trigger, state, new Date(tick))) return new Date(tick);
    }
    return null;
  };
  const every5 = { schedule: spec({ type: "interval", interval_minutes: 5 }) };

  it("is the first tick after a period that a Run now claim started between ticks", () => {
    // A manual claim records the request's own time, off the minute.
    const state = { lastScheduledAt: at("2026-03-02T10:00:37.250Z"), createdAt: created };
    const now = at("2026-03-02T10:01:10Z");
    expect(nextDue(every5, state, now)).toEqual(at("2026-03-02T10:06:00Z"));
    expect(nextDue(every5, state, now)).toEqual(firstDueTick(every5, state, now));
  });

  it("is the next tick, not the past minute, when a run is already due", () => {
    const never = { lastScheduledAt: null, createdAt: created };
    const now = at("2026-03-02T10:07:31Z");
    expect(nextDue(every5, never, now)).toEqual(at("2026-03-02T10:08:00Z"));
    const daily = { schedule: spec({ type: "daily", days_of_week: [0], hour: 9, minute: 30 }) };
    const missed = { lastScheduledAt: at("2026-02-23T09:30:00Z"), createdAt: created };
    expect(nextDue(daily, missed, now)).toEqual(at("2026-03-02T10:08:00Z"));
    expect(nextDue(daily, missed, now)).toEqual(firstDueTick(daily, missed, now));
  });

  it("agrees with the scheduler for every kind of trigger, claimed on or off the minute", () => {
    const triggers = [
      every5,
      { schedule: spec({ type: "hourly", interval_hours: 2 }) },
      { schedule: null, frequency: 30 },
      { schedule: spec({ type: "daily", days_of_week: [0, 2], hour: 9, minute: 30 }) },
      { schedule: spec({ type: "monthly", days_of_month: [31] }) },
    ];
    const claims = [null, at("2026-03-02T09:30:00Z"), at("2026-03-02T09:58:12.5Z")];
    const nows = [at("2026-03-02T10:00:00Z"), at("2026-03-02T10:00:45Z"), at("2026-03-02T11:29:59Z")];
    for (const trigger of triggers)
      for (const lastScheduledAt of claims)
        for (const now of nows) {
          const state = { lastScheduledAt, createdAt: created };
          expect(nextDue(trigger, state, now), JSON.stringify({ trigger, lastScheduledAt, now })).toEqual(firstDueTick(trigger, state, now));
        }
  });
});

describe("schedule: the spec", () => {
  it("requires the field its type needs, naming it", () => {
    const result = scheduleSpec.safeParse({ type: "interval" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["interval_minutes"], message: "is required for interval schedules" });
  });

  it("refuses cron strings and time zones as unknown keys", () => {
    const result = scheduleSpec.safeParse({ type: "daily", days_of_week: [1], cron: "0 9 * * *", timezone: "Europe/Paris" });
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["cron", "timezone"] });
  });

  it("bounds days of the week to Monday (0) through Sunday (6)", () => {
    const result = scheduleSpec.safeParse({ type: "daily", days_of_week: [7] });
    expect(result.error?.issues[0]).toMatchObject({ path: ["days_of_week", 0], message: "values must be 0 (Monday) through 6 (Sunday)" });
  });
});
