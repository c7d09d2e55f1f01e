// The audit log's retention: the cron tick deletes events older than AUDIT_RETENTION_DAYS, oldest
// first and in bounded statements, and keeps the rest.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { pruneAuditLog } from "../../../worker/audit/retention";
import { tick } from "../../support/workflows";

const DAY = 86_400_000;

/** Stores `count` events `daysAgo` days old (ids `prefix-000001`...), as the consumer would. */
async function storeEvents(prefix: string, count: number, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  await env.DB.prepare(
    `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?2)
     INSERT INTO audit_events (event_id, occurred_at, kind, action, outcome, via, detail)
     SELECT printf('%s-%06d', ?1, x), ?3, 'tool_call', 'tools/call', 'ok', 'mcp', '{}' FROM n`,
  )
    .bind(prefix, count, at)
    .run();
}

const count = async (prefix: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE event_id LIKE ?").bind(`${prefix}-%`).first<{ n: number }>())!.n;

beforeEach(async () => {
  await env.DB.exec("DELETE FROM audit_events");
});

describe("audit retention", () => {
  it("the cron tick deletes the events older than AUDIT_RETENTION_DAYS (90 by default) and keeps the newer ones", async () => {
    await storeEvents("old", 1_000, 91);
    await storeEvents("recent", 10, 89);
    await tick();
    expect(await count("old")).toBe(0);
    expect(await count("recent")).toBe(10);
  });

  it("follows AUDIT_RETENTION_DAYS", async () => {
    await storeEvents("week-old", 5, 8);
    await storeEvents("fresh", 5, 1);
    expect(await pruneAuditLog(env.DB, { AUDIT_RETENTION_DAYS: 7 }, new Date())).toBe(5);
    expect(await count("week-old")).toBe(0);
    expect(await count("fresh")).toBe(5);
  });

  it("deletes at most rows × statements a tick, oldest first, and the next ticks work the backlog off", async () => {
    await storeEvents("oldest", 150, 200);
    await storeEvents("older", 100, 100);
    const bounds = { rows: 100, statements: 2 };
    const config = { AUDIT_RETENTION_DAYS: 90 };
    expect(await pruneAuditLog(env.DB, config, new Date(), bounds)).toBe(200);
    expect(await count("oldest")).toBe(0);
    expect(await count("older")).toBe(50);
    expect(await pruneAuditLog(env.DB, config, new Date(), bounds)).toBe(50);
    expect(await pruneAuditLog(env.DB, config, new Date(), bounds)).toBe(0);
  });

  it("keeps one statement's work small: one full bounded delete (10,000 events) takes well under a second", async () => {
    await storeEvents("backlog", 10_000, 120);
    const started = performance.now();
    expect(await pruneAuditLog(env.DB, { AUDIT_RETENTION_DAYS: 90 }, new Date(), { rows: 10_000, statements: 1 })).toBe(10_000);
    const elapsed = performance.now() - started;
    console.log(`audit retention: one DELETE of 10,000 events took ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(1_000);
  });
});
