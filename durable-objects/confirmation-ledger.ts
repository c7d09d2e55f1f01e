// The confirmation ledger of one user: approval records, denial events and typed-confirm
// nonces, in the Durable Object's SQLite storage. A Durable Object runs one call at a time,
// so every read-check-write below is atomic: an approval is consumed at most once, however
// many continuations race for it.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";

/** What an approval is scoped to: one caller, session, tool, target and exact arguments. */
export interface ConfirmationScope {
  user: string;
  source: string;
  session: string;
  tool: string;
  target: string;
  argsDigest: string;
}

export interface ConfirmationSettings {
  ttlSeconds: number;
  denialRetries: number;
  sessionDenialLimit: number;
}

export type ConfirmationStatus = "pending" | "approved" | "denied" | "consumed";

/** Where a decision was made: on the confirmation page, in a client's form, or a client's decline of the link. */
export type DecidedVia = "url" | "form" | "client";

export interface ConfirmationRecord {
  id: string;
  user: string;
  source: string;
  session: string;
  tool: string;
  target: string;
  arguments: Record<string, unknown>;
  status: ConfirmationStatus;
  createdAt: number;
  expiresAt: number;
  decidedVia: DecidedVia | null;
  prompts: number;
}

/** The ledger's answer to "may this action run?" */
export type Admission =
  | { kind: "approved"; record: ConfirmationRecord }
  | { kind: "pending"; record: ConfirmationRecord }
  | { kind: "denied"; record: ConfirmationRecord }
  | { kind: "blocked"; denials: number; limit: number };

interface Row {
  id: string;
  user: string;
  source: string;
  session: string;
  tool: string;
  target: string;
  arguments: string;
  status: ConfirmationStatus;
  created_at: number;
  expires_at: number;
  decided_via: DecidedVia | null;
  prompts: number;
  [key: string]: SqlStorageValue;
}

const sameScope = (record: ConfirmationRecord, scope: ConfirmationScope) =>
  record.source === scope.source && record.session === scope.session && record.tool === scope.tool && record.target === scope.target;

function toRecord(row: Row): ConfirmationRecord {
  return {
    id: row.id,
    user: row.user,
    source: row.source,
    session: row.session,
    tool: row.tool,
    target: row.target,
    arguments: JSON.parse(row.arguments) as Record<string, unknown>,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedVia: row.decided_via,
    prompts: row.prompts,
  };
}

export class ConfirmationLedger extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS confirmations (
        id TEXT PRIMARY KEY, user TEXT NOT NULL, source TEXT NOT NULL, session TEXT NOT NULL,
        tool TEXT NOT NULL, target TEXT NOT NULL, args_digest TEXT NOT NULL, arguments TEXT NOT NULL,
        status TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
        decided_via TEXT, prompts INTEGER NOT NULL DEFAULT 1);
      CREATE INDEX IF NOT EXISTS confirmations_scope ON confirmations (user, source, session, tool, target, args_digest);
      CREATE TABLE IF NOT EXISTS denials (confirmation_id TEXT NOT NULL, user TEXT NOT NULL, source TEXT NOT NULL, session TEXT NOT NULL, expires_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS nonces (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);`);
  }

  /**
   * Decides whether the scoped action may run now: an approved record is consumed and the
   * action admitted; otherwise the session's denial limit, then this action's own denial
   * (with its retries), then a pending record (created when none is live) is the answer.
   * A retry after a denial is a new record: the denied one keeps showing its owner's decision.
   */
  admit(scope: ConfirmationScope, args: Record<string, unknown>, settings: ConfirmationSettings, now = Date.now()): Admission {
    const live = this.liveRecord(scope, now);
    if (live?.status === "approved") return { kind: "approved", record: this.consume(live.id) ?? live };
    const denials = this.countDenials(scope, now);
    if (denials >= settings.sessionDenialLimit) return { kind: "blocked", denials, limit: settings.sessionDenialLimit };
    if (live?.status === "denied") {
      // An identical action may ask again, DENIAL_RETRIES times, before the record expires.
      if (live.prompts > settings.denialRetries) return { kind: "denied", record: live };
      return { kind: "pending", record: this.insert(scope, args, settings, now, live.prompts + 1) };
    }
    if (live) return { kind: "pending", record: live };
    return { kind: "pending", record: this.insert(scope, args, settings, now, 1) };
  }

  /**
   * The answer for a continuation of the call that created record `id`: it runs only on that
   * record's approval, and a denial refuses it. The retry allowance belongs to the next call,
   * never to the same one. A record gone (expired, or used by a racing continuation) is
   * answered like a new call.
   */
  resume(id: string, scope: ConfirmationScope, args: Record<string, unknown>, settings: ConfirmationSettings, now = Date.now()): Admission {
    const record = this.get(id, scope.user, now);
    if (!record || record.status === "consumed" || !sameScope(record, scope)) return this.admit(scope, args, settings, now);
    if (record.status === "approved") {
      const consumed = this.consume(id);
      return consumed ? { kind: "approved", record: consumed } : this.admit(scope, args, settings, now);
    }
    const denials = this.countDenials(scope, now);
    if (denials >= settings.sessionDenialLimit) return { kind: "blocked", denials, limit: settings.sessionDenialLimit };
    return { kind: record.status === "denied" ? "denied" : "pending", record };
  }

  /** The record as its owner may see it; undefined for another user's or an expired record. */
  get(id: string, user: string, now = Date.now()): ConfirmationRecord | undefined {
    const record = this.record(id);
    return record && record.user === user && record.expiresAt > now ? record : undefined;
  }

  /**
   * Records a decision by the owner. Through the confirmation page (`via: "url"`) a denied
   * action may still be approved before it expires; through an MCP form answer
   * (`via: "form"`) a denial is final. A URL-mode client that declines (`via: "client"`) can
   * only refuse a pending action: it never overrides what the person decided on the page.
   * Consumed records cannot change.
   */
  decide(id: string, user: string, decision: "approved" | "denied", via: DecidedVia, now = Date.now()): ConfirmationRecord | undefined {
    const record = this.get(id, user, now);
    if (!record || record.status === "consumed" || record.status === decision) return record;
    if (record.status === "denied" && via === "form") return record;
    if (via === "client" && (decision !== "denied" || record.status !== "pending")) return record;
    this.sql.exec("UPDATE confirmations SET status = ?, decided_via = ? WHERE id = ?", decision, via, id);
    if (decision === "denied") {
      this.sql.exec(
        "INSERT INTO denials (confirmation_id, user, source, session, expires_at) VALUES (?, ?, ?, ?, ?)",
        id,
        record.user,
        record.source,
        record.session,
        record.expiresAt,
      );
    }
    return this.record(id);
  }

  /** Whether a typed-confirm nonce was already burned. */
  nonceUsed(nonce: string): boolean {
    return this.sql.exec("SELECT 1 FROM nonces WHERE nonce = ?", nonce).toArray().length > 0;
  }

  /** Burns a typed-confirm nonce; false if it was already used. */
  burnNonce(nonce: string, expiresAt: number): boolean {
    if (this.nonceUsed(nonce)) return false;
    this.sql.exec("INSERT INTO nonces (nonce, expires_at) VALUES (?, ?)", nonce, expiresAt);
    this.scheduleCleanup(expiresAt);
    return true;
  }

  /** Deletes what has expired and schedules the next clean-up. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.sql.exec("DELETE FROM confirmations WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM denials WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM nonces WHERE expires_at <= ?", now);
    const next = this.sql
      .exec<{ next: number | null }>(
        "SELECT min(expires_at) AS next FROM (SELECT expires_at FROM confirmations UNION ALL SELECT expires_at FROM denials UNION ALL SELECT expires_at FROM nonces)",
      )
      .one().next;
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  private insert(scope: ConfirmationScope, args: Record<string, unknown>, settings: ConfirmationSettings, now: number, prompts: number): ConfirmationRecord {
    const id = crypto.randomUUID();
    const expiresAt = now + settings.ttlSeconds * 1000;
    this.sql.exec(
      `INSERT INTO confirmations (id, user, source, session, tool, target, args_digest, arguments, status, created_at, expires_at, prompts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      id,
      scope.user,
      scope.source,
      scope.session,
      scope.tool,
      scope.target,
      scope.argsDigest,
      JSON.stringify(args),
      now,
      expiresAt,
      prompts,
    );
    this.scheduleCleanup(expiresAt);
    return this.record(id)!;
  }

  private consume(id: string): ConfirmationRecord | undefined {
    const changed = this.sql.exec("UPDATE confirmations SET status = 'consumed' WHERE id = ? AND status = 'approved' RETURNING id", id).toArray();
    return changed.length === 1 ? this.record(id) : undefined;
  }

  private liveRecord(scope: ConfirmationScope, now: number): ConfirmationRecord | undefined {
    const rows = this.sql
      .exec<Row>(
        `SELECT * FROM confirmations WHERE user = ? AND source = ? AND session = ? AND tool = ? AND target = ? AND args_digest = ?
         AND expires_at > ? AND status != 'consumed' ORDER BY status = 'approved' DESC, created_at DESC, rowid DESC LIMIT 1`,
        scope.user,
        scope.source,
        scope.session,
        scope.tool,
        scope.target,
        scope.argsDigest,
        now,
      )
      .toArray();
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  private countDenials(scope: ConfirmationScope, now: number): number {
    return this.sql
      .exec<{ n: number }>(
        "SELECT count(*) AS n FROM denials WHERE user = ? AND source = ? AND session = ? AND expires_at > ?",
        scope.user,
        scope.source,
        scope.session,
        now,
      )
      .one().n;
  }

  private record(id: string): ConfirmationRecord | undefined {
    const rows = this.sql.exec<Row>("SELECT * FROM confirmations WHERE id = ?", id).toArray();
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  private scheduleCleanup(at: number): void {
    void this.ctx.storage.getAlarm().then((current) => {
      if (current === null || current > at) return this.ctx.storage.setAlarm(at);
    });
  }
}
