// The audit consumer's guarantees, through the real queue of the Workers pool (miniflare's queue
// broker: batching, per-message retry, max_retries and the dead-letter queue as wrangler.toml
// declares them) and, where a delivery's ack/retry state is the point, through one batch handed
// to the Worker's queue handler (createMessageBatch / getQueueResult).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditEvent } from "../../../worker/audit/event";
import { eventId } from "../../../worker/audit/event-id";
import { onAuditBatch } from "../../../worker/audit/consumer";
import { eventually, queueDrains } from "../../support/audit-queue";
import { arrived, storedEvents } from "./stored-events";

const anEvent = (action: string): AuditEvent => ({
  event_id: eventId(),
  occurred_at: new Date().toISOString(),
  kind: "definition_change",
  action,
  outcome: "ok",
  via: "rest",
  principal: { subject: "alice", name: "Alice", roles: ["seizu-admin"] },
  client: { name: null, version: null, user_agent: "test" },
  target: "/api/v1/toolsets",
  resource: { type: "toolset", id: "demo", version: 1 },
  rows: null,
  truncated: null,
  duration_ms: null,
  neo4j_ms: null,
  detail: { comment: action },
});

const batchOf = (bodies: unknown[]) =>
  createMessageBatch(
    "seizu-edge-audit",
    bodies.map((body, index) => ({ id: `m${index}`, timestamp: Date.now(), attempts: 1, body })),
  );

async function deliver(bodies: unknown[]) {
  const batch = batchOf(bodies);
  const ctx = createExecutionContext();
  await onAuditBatch(batch, env);
  return getQueueResult(batch, ctx);
}

/** Makes every write of the consumer fail, as a D1 outage would, until `recover()`. */
async function breakTheTable() {
  await env.DB.exec("ALTER TABLE audit_events RENAME TO audit_events_away");
  let broken = true;
  return {
    async recover() {
      if (!broken) return;
      broken = false;
      await env.DB.exec("ALTER TABLE audit_events_away RENAME TO audit_events");
    },
  };
}

/**
 * The consumer's failed writes from now on, as it logs them: the real queue's attempts are counted
 * as they happen, not guessed from its batch timeout.
 */
function failedWrites(): () => Promise<number> {
  const log = vi.spyOn(console, "error");
  return async () => log.mock.calls.filter(([message]) => typeof message === "string" && message.startsWith("audit: storing")).length;
}

let outage: Awaited<ReturnType<typeof breakTheTable>> | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await outage?.recover();
  outage = undefined;
});

describe("the audit consumer", () => {
  it("stores every event the real queue delivers", async () => {
    const events = [anEvent("create"), anEvent("update"), anEvent("delete")];
    await env.AUDIT_QUEUE.sendBatch(events.map((body) => ({ body, contentType: "json" as const })));
    const stored = await arrived(3, "action IN ('create', 'update', 'delete')");
    expect(stored.map((row) => row.event_id).sort()).toEqual(events.map((event) => event.event_id).sort());
  });

  it("stores an event the real queue delivers twice once", async () => {
    const event = anEvent("twice");
    await env.AUDIT_QUEUE.send(event, { contentType: "json" });
    await env.AUDIT_QUEUE.send(event, { contentType: "json" });
    await arrived(1, "event_id = ?", event.event_id);
    await queueDrains();
    expect(await storedEvents("event_id = ?", event.event_id)).toHaveLength(1);
  });

  it("stores each event of a batch handed over twice once, and acknowledges both deliveries", async () => {
    const events = [anEvent("first"), anEvent("second")];
    const first = await deliver(events);
    const second = await deliver(events);
    expect(await storedEvents("action IN ('first', 'second')")).toHaveLength(2);
    for (const result of [first, second]) {
      expect(result).toMatchObject({ outcome: "ok", retryBatch: { retry: false }, retryMessages: [], explicitAcks: ["m0", "m1"] });
    }
  });

  it("acknowledges a message that is not an audit event without retrying it, and stores the events beside it", async () => {
    const good = anEvent("beside");
    const result = await deliver([{ hello: "world" }, good, { ...anEvent("bad kind"), kind: "coffee" }]);
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect([...result.explicitAcks].sort()).toEqual(["m0", "m1", "m2"]);
    expect((await storedEvents("action IN ('beside', 'bad kind')")).map((row) => row.event_id)).toEqual([good.event_id]);
  });

  it("lets a malformed message through the real queue hold back none of the events sent with it", async () => {
    const good = anEvent("after the bad one");
    // What another producer might send: the queue carries anything.
    await (env.AUDIT_QUEUE as Queue<unknown>).sendBatch([
      { body: "not an event", contentType: "json" },
      { body: good, contentType: "json" },
    ]);
    expect((await arrived(1, "action = 'after the bad one'")).map((row) => row.event_id)).toEqual([good.event_id]);
  });

  it("hands each event of a batch it could not store back for retry, and acknowledges the malformed ones", async () => {
    outage = await breakTheTable();
    const result = await deliver([anEvent("during the outage"), 42]);
    expect(result.outcome).toBe("ok");
    expect(result.retryMessages).toEqual([{ msgId: "m0" }]);
    expect(result.explicitAcks).toEqual(["m1"]);
  });

  it("stores an event whose first delivery failed once the queue retries it", async () => {
    outage = await breakTheTable();
    const failures = failedWrites();
    const event = anEvent("retried");
    await env.AUDIT_QUEUE.send(event, { contentType: "json" });
    expect(await eventually(failures, (count) => count >= 1)).toBeGreaterThanOrEqual(1);
    await outage.recover();
    expect(await arrived(1, "event_id = ?", event.event_id)).toHaveLength(1);
  });

  it("stops delivering an event after max_retries failed attempts (the queue moves it to the dead-letter queue)", async () => {
    outage = await breakTheTable();
    const failures = failedWrites();
    const event = anEvent("dead-lettered");
    await env.AUDIT_QUEUE.send(event, { contentType: "json" });
    // 1 + max_retries (5) attempts, one batch timeout apart.
    expect(await eventually(failures, (count) => count >= 6)).toBe(6);
    await outage.recover();
    await queueDrains();
    expect(await failures()).toBe(6);
    expect(await storedEvents("event_id = ?", event.event_id)).toEqual([]);
  });
});
