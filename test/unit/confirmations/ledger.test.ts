import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type Admission, type ConfirmationRecord, type ConfirmationScope, ensureSchema } from "../../../durable-objects/confirmation-ledger";

const settings = { ttlSeconds: 1800, denialRetries: 1, sessionDenialLimit: 5 };
let n = 0;
const scope = (overrides: Partial<ConfirmationScope> = {}): ConfirmationScope => ({
  user: `user-${++n}`,
  source: "mcp",
  session: "s1",
  tool: "toolsets__delete",
  target: "/toolsets/a",
  argsDigest: "d1",
  ...overrides,
});
const action = { arguments: { toolset_id: "a" }, title: "Delete a toolset", targetName: 'toolset a ("A")', client: "test-client 1" };
const ledger = (user: string) => env.CONFIRMATIONS.get(env.CONFIRMATIONS.idFromName(user));
const admit = async (s: ConfirmationScope, now?: number) => (await ledger(s.user).admit(s, action, settings, now)) as Admission;
const resume = async (id: string, s: ConfirmationScope, waitMs?: number) => (await ledger(s.user).resume(id, s, action, settings, waitMs)) as Admission;
/** The record `admit` opens for `s`, which must be a pending one. */
const pendingRecord = async (s: ConfirmationScope, now?: number) => {
  const admission = await admit(s, now);
  if (admission.kind !== "pending") throw new Error("expected pending");
  return admission.record;
};
/** A record opened for `s` and decided by its owner. */
const ownerDecided = async (s: ConfirmationScope, decision: "approved" | "denied", via: "url" | "form") => {
  const record = await pendingRecord(s);
  await ledger(s.user).decide(record.id, s.user, decision, via);
  return record;
};

describe("the confirmation ledger", () => {
  it("creates one pending record per scope and returns it again until decided", async () => {
    const s = scope();
    const first = await admit(s);
    const again = await admit(s);
    expect(first).toMatchObject({ kind: "pending", record: { status: "pending", user: s.user, tool: s.tool } });
    expect(again.kind === "pending" && first.kind === "pending" && again.record.id === first.record.id).toBe(true);
  });

  it("admits an approved action exactly once", async () => {
    const s = scope();
    await ownerDecided(s, "approved", "url");
    expect((await admit(s)).kind).toBe("approved");
    expect((await admit(s)).kind).toBe("pending");
  });

  it("consumes an approval atomically when continuations race", async () => {
    const s = scope();
    await ownerDecided(s, "approved", "url");
    const results = await Promise.all(Array.from({ length: 10 }, () => admit(s)));
    expect(results.filter((result) => result.kind === "approved")).toHaveLength(1);
  });

  it("does not let another user see or decide a record", async () => {
    const s = scope();
    const pending = await pendingRecord(s);
    const store = ledger(s.user);
    expect(await store.get(pending.id, "someone-else")).toBeUndefined();
    expect(await store.decide(pending.id, "someone-else", "approved", "url")).toBeUndefined();
    expect((await admit(s)).kind).toBe("pending");
  });

  it("allows DENIAL_RETRIES extra prompts for an identical denied action, then refuses", async () => {
    const s = scope();
    await ownerDecided(s, "denied", "form");
    await ownerDecided(s, "denied", "form");
    expect((await admit(s)).kind).toBe("denied");
  });

  it("tells the next call of a denial made on the page, by whom and when, before any retry prompt", async () => {
    const s = scope();
    const first = await pendingRecord(s);
    const before = Date.now();
    await ledger(s.user).decide(first.id, s.user, "denied", "url");
    const told = await admit(s);
    expect(told).toMatchObject({ kind: "denied", retriesLeft: 1, record: { id: first.id, decidedBy: s.user, decidedVia: "url" } });
    expect(told.kind === "denied" && told.record.decidedAt! >= before).toBe(true);
    expect(await admit(s)).toMatchObject({ kind: "pending", record: { prompts: 2 }, previous: { id: first.id } });
  });

  it("asks a retry with a new record, so the denied one keeps showing its owner's decision", async () => {
    const s = scope();
    const first = await ownerDecided(s, "denied", "url");
    expect((await admit(s)).kind).toBe("denied");
    const retry = await admit(s);
    expect(retry).toMatchObject({ kind: "pending", record: { status: "pending", prompts: 2 } });
    expect(retry.kind === "pending" && retry.record.id).not.toBe(first.id);
    expect(((await ledger(s.user).get(first.id, s.user)) as ConfirmationRecord | undefined)?.status).toBe("denied");
  });

  it("refuses the continuation of a denied record instead of asking again in the same call", async () => {
    const s = scope();
    const first = await ownerDecided(s, "denied", "url");
    const resumed = await resume(first.id, s);
    expect(resumed).toMatchObject({ kind: "denied", record: { id: first.id, status: "denied" } });
  });

  it("runs a continuation only on its own record's approval", async () => {
    const s = scope();
    const first = await pendingRecord(s);
    const store = ledger(s.user);
    expect((await resume(first.id, s)).kind).toBe("pending");
    await store.decide(first.id, s.user, "approved", "url");
    expect((await resume(first.id, s)).kind).toBe("approved");
  });

  it("lets a URL-mode client's decline refuse a pending action but never override the owner's approval", async () => {
    const s = scope();
    const store = ledger(s.user);
    const pending = await pendingRecord(s);
    expect(((await store.decide(pending.id, s.user, "denied", "client")) as ConfirmationRecord | undefined)?.status).toBe("denied");
    const other = scope();
    const approved = await pendingRecord(other);
    const otherStore = ledger(other.user);
    await otherStore.decide(approved.id, other.user, "approved", "url");
    expect(((await otherStore.decide(approved.id, other.user, "denied", "client")) as ConfirmationRecord | undefined)?.status).toBe("approved");
  });

  it("prefers an approval the owner gave on an older record over a newer retry", async () => {
    const s = scope();
    const store = ledger(s.user);
    const first = await pendingRecord(s);
    await store.decide(first.id, s.user, "denied", "url");
    expect((await admit(s)).kind).toBe("denied");
    expect((await admit(s)).kind).toBe("pending");
    await store.decide(first.id, s.user, "approved", "url");
    expect((await admit(s)).kind).toBe("approved");
  });

  it("lets a form answer not reverse a denial, but the owner's page may", async () => {
    const s = scope();
    const first = await pendingRecord(s);
    const store = ledger(s.user);
    await store.decide(first.id, s.user, "denied", "url");
    const decided = async (via: "url" | "form") => (await store.decide(first.id, s.user, "approved", via)) as ConfirmationRecord | undefined;
    expect((await decided("form"))?.status).toBe("denied");
    expect((await decided("url"))?.status).toBe("approved");
    expect((await admit(s)).kind).toBe("approved");
  });

  it("blocks further prompts after the session denial limit, across arguments, while approved actions still run", async () => {
    const user = `user-${++n}`;
    const store = ledger(user);
    const approved = scope({ user, argsDigest: "approved" });
    const approval = await pendingRecord(approved);
    await store.decide(approval.id, user, "approved", "url");
    for (let i = 0; i < 5; i++) {
      const s = scope({ user, argsDigest: `denied-${i}` });
      const pending = await pendingRecord(s);
      await store.decide(pending.id, user, "denied", "form");
    }
    expect(await admit(scope({ user, argsDigest: "new-arguments" }))).toMatchObject({ kind: "blocked", denials: 5, limit: 5 });
    expect((await admit(approved)).kind).toBe("approved");
    expect((await admit(scope({ user, session: "another-session", argsDigest: "x" }))).kind).toBe("pending");
  });

  it("forgets expired records and denials, and an alarm cleans them up", async () => {
    const s = scope();
    const created = Date.now() - 3_600_000;
    const old = await pendingRecord(s, created);
    await ledger(s.user).decide(old.id, s.user, "approved", "url", null, created);
    const now = await admit(s);
    expect(now.kind).toBe("pending");
    expect(now.kind === "pending" && now.record.id !== old.id).toBe(true);
    expect(await ledger(s.user).get(old.id, s.user)).toBeUndefined();
    expect(await runDurableObjectAlarm(ledger(s.user))).toBe(true);
    const stored = await runInDurableObject(ledger(s.user), (_instance, state) => {
      const count = (table: string) => state.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).one().n;
      return { confirmations: count("confirmations"), denials: count("denials"), nonces: count("nonces") };
    });
    expect(stored).toEqual({ confirmations: 1, denials: 0, nonces: 0 });
  });

  it("wakes a continuation waiting for the owner's decision the moment it is made", async () => {
    const s = scope();
    const first = await pendingRecord(s);
    const started = Date.now();
    const waiting = resume(first.id, s, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await ledger(s.user).decide(first.id, s.user, "approved", "url");
    expect((await waiting).kind).toBe("approved");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers a waiting continuation with its still pending record once the wait runs out", async () => {
    const s = scope();
    const first = await pendingRecord(s);
    const started = Date.now();
    expect(await resume(first.id, s, 400)).toMatchObject({ kind: "pending", record: { id: first.id } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it("refuses a waiting continuation as soon as the owner denies it, and that call has reported the denial", async () => {
    const s = scope();
    const first = await pendingRecord(s);
    const waiting = resume(first.id, s, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await ledger(s.user).decide(first.id, s.user, "denied", "url");
    expect(await waiting).toMatchObject({ kind: "denied", record: { id: first.id } });
    expect((await admit(s)).kind).toBe("pending");
  });

  it("lists the owner's own confirmations, pending first, and each session's denials", async () => {
    const user = `user-${++n}`;
    const store = ledger(user);
    const denied = await admit(scope({ user, argsDigest: "denied" }));
    const approved = await admit(scope({ user, argsDigest: "approved", session: "s2" }));
    const pending = await admit(scope({ user, argsDigest: "pending" }));
    if (denied.kind !== "pending" || approved.kind !== "pending" || pending.kind !== "pending") throw new Error("expected pending");
    await store.decide(denied.record.id, user, "denied", "url");
    await store.decide(approved.record.id, user, "approved", "url");
    await admit(scope({ user: `user-${++n}` }));
    const { confirmations, sessions } = (await store.list(user)) as { confirmations: ConfirmationRecord[]; sessions: unknown[] };
    expect(confirmations.map((record) => record.id)).toEqual([pending.record.id, approved.record.id, denied.record.id]);
    expect(confirmations[0]).toMatchObject({ title: action.title, targetName: action.targetName, client: action.client, arguments: action.arguments });
    expect(sessions).toEqual([{ session: "s1", client: action.client, denials: 1 }]);
  });

  it("clears one session's denials so prompts resume there, keeping the denied records and other sessions' denials", async () => {
    const user = `user-${++n}`;
    const store = ledger(user);
    for (const [session, count] of [
      ["s1", 5],
      ["s2", 1],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const pending = await pendingRecord(scope({ user, session, argsDigest: `d-${i}` }));
        await store.decide(pending.id, user, "denied", "form");
      }
    }
    expect((await admit(scope({ user, argsDigest: "new" }))).kind).toBe("blocked");
    expect(await store.clearDenials(user, "s1")).toBe(5);
    expect(await store.clearDenials("someone-else", "s2")).toBe(0);
    expect((await admit(scope({ user, argsDigest: "new" }))).kind).toBe("pending");
    const { confirmations, sessions } = (await store.list(user)) as { confirmations: ConfirmationRecord[]; sessions: unknown[] };
    expect(confirmations.filter((record) => record.status === "denied")).toHaveLength(6);
    expect(sessions).toEqual([{ session: "s2", client: action.client, denials: 1 }]);
  });

  it("adds the columns a ledger created before them lacks, keeping its records", async () => {
    const columns = await runInDurableObject(ledger(`user-${++n}`), (_instance, state) => {
      const sql = state.storage.sql;
      sql.exec("DROP TABLE confirmations");
      sql.exec(`CREATE TABLE confirmations (
        id TEXT PRIMARY KEY, user TEXT NOT NULL, source TEXT NOT NULL, session TEXT NOT NULL,
        tool TEXT NOT NULL, target TEXT NOT NULL, args_digest TEXT NOT NULL, arguments TEXT NOT NULL,
        status TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
        decided_via TEXT, prompts INTEGER NOT NULL DEFAULT 1)`);
      sql.exec("INSERT INTO confirmations VALUES ('old', 'u', 'mcp', 's', 't', '/t', 'd', '{}', 'pending', 1, 2, NULL, 1)");
      ensureSchema(sql);
      const row = sql.exec("SELECT * FROM confirmations WHERE id = 'old'").one();
      return {
        row,
        names: sql
          .exec<{ name: string }>("PRAGMA table_info(confirmations)")
          .toArray()
          .map((column) => column.name),
      };
    });
    expect(columns.names).toEqual(expect.arrayContaining(["title", "target_name", "client", "decided_at", "decided_by", "denial_reported"]));
    expect(columns.row).toMatchObject({ id: "old", title: "", denial_reported: 0 });
  });

  it("burns a nonce once", async () => {
    const store = ledger(`user-${++n}`);
    expect(await store.burnNonce("n-1", Date.now() + 60_000)).toBe(true);
    expect(await store.burnNonce("n-1", Date.now() + 60_000)).toBe(false);
  });
});
