// The confirmation ledger of one user: approval records, denial events and typed-confirm
// nonces, in the Durable Object's SQLite storage. A Durable Object runs one call at a time,
// so every read-check-write below is atomic: an approval is consumed at most once, however
// many continuations race for it. A continuation may wait here for the person's decision:
// the object is the one place every decision passes through, so it wakes the waiter itself,
// and records each change of a record in the audit log (created, approved, denied, expired) the
// moment it happens, once: a decision that changes nothing (a replayed answer) records nothing.
import { DurableObject } from "cloudflare:workers";
import type { AuditEvent } from "../worker/audit/event";
import { type AuditCaller, AuditTrail } from "../worker/audit/trail";

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

/** What the person is asked to approve, as they know it: kept with the record for the page and the list. */
export interface ActionDescription {
  arguments: Record<string, unknown>;
  /** The tool's title: "Run a workflow now". */
  title: string;
  /** The target as a person knows it: workflow "Nightly CVEs", tool demo/count_nodes. */
  targetName: string;
  /** The MCP client that asked: its clientInfo name and version, else its User-Agent. */
  client: string;
  /** Who asked and how, as the audit log records it; absent (or null) when auditing is off. */
  audit?: ConfirmationAudit | null;
}

/** The requester of an action as the audit log names them, and how the approval is asked for. */
export interface ConfirmationAudit {
  caller: AuditCaller;
  /** MCP_CONFIRMATION_ELICITATION_MODE as configured: url, form, permission or off. */
  mode: string;
  /** Where the person is asked: url (the confirmation page), form (the client's dialog), off (the link as content). */
  path: string;
  /** A typed-confirm action (its `_execute` step). */
  typed: boolean;
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
  title: string;
  targetName: string;
  client: string;
  status: ConfirmationStatus;
  createdAt: number;
  expiresAt: number;
  decidedVia: DecidedVia | null;
  decidedAt: number | null;
  decidedBy: string | null;
  /** Whether a call has told the agent of this record's denial (in band, or on the next call). */
  denialReported: boolean;
  prompts: number;
}

/** The unexpired denials of one session, which count towards its limit. */
export interface SessionDenials {
  session: string;
  /** The client of the session's latest confirmation. */
  client: string;
  denials: number;
}

/**
 * The ledger's answer to "may this action run?" A pending retry names the denied record it
 * follows; a denial says how many more prompts an identical call may still ask for.
 */
export type Admission =
  | { kind: "approved"; record: ConfirmationRecord }
  | { kind: "pending"; record: ConfirmationRecord; previous?: ConfirmationRecord }
  | { kind: "denied"; record: ConfirmationRecord; retriesLeft: number }
  | { kind: "blocked"; denials: number; limit: number };

interface Row {
  id: string;
  user: string;
  source: string;
  session: string;
  tool: string;
  target: string;
  arguments: string;
  title: string;
  target_name: string;
  client: string;
  status: ConfirmationStatus;
  created_at: number;
  expires_at: number;
  decided_via: DecidedVia | null;
  decided_at: number | null;
  decided_by: string | null;
  denial_reported: number;
  prompts: number;
  audit: string | null;
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
    title: row.title,
    targetName: row.target_name,
    client: row.client,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedVia: row.decided_via,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
    denialReported: row.denial_reported === 1,
    prompts: row.prompts,
  };
}

const auditOf = (row: Row): ConfirmationAudit | null => (row.audit ? (JSON.parse(row.audit) as ConfirmationAudit) : null);

/** Columns added to `confirmations` after its first release, for ledgers created before them. */
const ADDED_COLUMNS: Record<string, string> = {
  title: "TEXT NOT NULL DEFAULT ''",
  target_name: "TEXT NOT NULL DEFAULT ''",
  client: "TEXT NOT NULL DEFAULT ''",
  decided_at: "INTEGER",
  decided_by: "TEXT",
  denial_reported: "INTEGER NOT NULL DEFAULT 0",
  audit: "TEXT",
};

/** Creates the ledger's tables, and adds to an older `confirmations` table the columns it lacks. */
export function ensureSchema(sql: SqlStorage): void {
  sql.exec(`
    CREATE TABLE IF NOT EXISTS confirmations (
      id TEXT PRIMARY KEY, user TEXT NOT NULL, source TEXT NOT NULL, session TEXT NOT NULL,
      tool TEXT NOT NULL, target TEXT NOT NULL, args_digest TEXT NOT NULL, arguments TEXT NOT NULL,
      status TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
      decided_via TEXT, prompts INTEGER NOT NULL DEFAULT 1);
    CREATE INDEX IF NOT EXISTS confirmations_scope ON confirmations (user, source, session, tool, target, args_digest);
    CREATE TABLE IF NOT EXISTS denials (confirmation_id TEXT NOT NULL, user TEXT NOT NULL, source TEXT NOT NULL, session TEXT NOT NULL, expires_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS nonces (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);`);
  const present = new Set(
    sql
      .exec<{ name: string }>("PRAGMA table_info(confirmations)")
      .toArray()
      .map((column) => column.name),
  );
  for (const [name, type] of Object.entries(ADDED_COLUMNS)) {
    if (!present.has(name)) sql.exec(`ALTER TABLE confirmations ADD COLUMN ${name} ${type}`);
  }
}

/** The most records one listing returns (a person's own, unexpired: newest first after the pending ones). */
export const LIST_LIMIT = 200;

/** Everything it keeps is in its own storage; the one binding it reads is the audit queue. */
interface LedgerEnv {
  AUDIT_QUEUE?: Queue<AuditEvent>;
}

export class ConfirmationLedger extends DurableObject<LedgerEnv> {
  private readonly sql: SqlStorage;
  /** Continuations waiting for a decision on a record, by record id: each wakes when it is decided. */
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(ctx: DurableObjectState, env: LedgerEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ensureSchema(this.sql);
  }

  /**
   * Decides whether the scoped action may run now: an approved record is consumed and the
   * action admitted; otherwise the session's denial limit, then this action's own denial
   * (with its retries), then a pending record (created when none is live) is the answer.
   * A denial the agent has not been told of (decided on the page) is the answer of the next
   * call, before any retry prompt; a retry after that is a new record, so the denied one keeps
   * showing its owner's decision.
   */
  admit(scope: ConfirmationScope, action: ActionDescription, settings: ConfirmationSettings, now = Date.now()): Admission {
    const live = this.liveRecord(scope, now);
    if (live?.status === "approved") return { kind: "approved", record: this.consume(live.id) ?? live };
    const denials = this.countDenials(scope, now);
    if (denials >= settings.sessionDenialLimit) return { kind: "blocked", denials, limit: settings.sessionDenialLimit };
    if (live?.status === "denied") {
      // An identical action may ask again, DENIAL_RETRIES times, before the record expires.
      if (!live.denialReported || live.prompts > settings.denialRetries) return this.deniedAnswer(live, settings);
      return { kind: "pending", record: this.insert(scope, action, settings, now, live.prompts + 1), previous: live };
    }
    if (live) return { kind: "pending", record: live };
    return { kind: "pending", record: this.insert(scope, action, settings, now, 1) };
  }

  /**
   * The answer for a continuation of the call that created record `id`: it runs only on that
   * record's approval, and a denial refuses it. The retry allowance belongs to the next call,
   * never to the same one. A record gone (expired, or used by a racing continuation) is
   * answered like a new call. With `waitMs`, a pending record is first given that long for its
   * owner's decision, which ends the wait the moment it is made.
   */
  async resume(id: string, scope: ConfirmationScope, action: ActionDescription, settings: ConfirmationSettings, waitMs = 0): Promise<Admission> {
    if (waitMs > 0 && this.get(id, scope.user)?.status === "pending") await this.decisionOn(id, waitMs);
    const now = Date.now();
    const record = this.get(id, scope.user, now);
    if (!record || record.status === "consumed" || !sameScope(record, scope)) return this.admit(scope, action, settings, now);
    if (record.status === "approved") {
      const consumed = this.consume(id);
      return consumed ? { kind: "approved", record: consumed } : this.admit(scope, action, settings, now);
    }
    const denials = this.countDenials(scope, now);
    if (denials >= settings.sessionDenialLimit) return { kind: "blocked", denials, limit: settings.sessionDenialLimit };
    return record.status === "denied" ? this.deniedAnswer(record, settings) : { kind: "pending", record };
  }

  /** The owner's unexpired records, pending first, then newest first; and each session's denials. */
  list(user: string, now = Date.now()): { confirmations: ConfirmationRecord[]; sessions: SessionDenials[] } {
    const confirmations = this.sql
      .exec<Row>(
        "SELECT * FROM confirmations WHERE user = ? AND expires_at > ? ORDER BY status = 'pending' DESC, created_at DESC, rowid DESC LIMIT ?",
        user,
        now,
        LIST_LIMIT,
      )
      .toArray()
      .map(toRecord);
    const sessions = this.sql
      .exec<{ session: string; denials: number; client: string | null }>(
        `SELECT d.session AS session, count(*) AS denials,
           (SELECT c.client FROM confirmations c WHERE c.user = d.user AND c.session = d.session ORDER BY c.created_at DESC LIMIT 1) AS client
         FROM denials d WHERE d.user = ? AND d.expires_at > ? GROUP BY d.session ORDER BY denials DESC, session`,
        user,
        now,
      )
      .toArray()
      .map((row) => ({ session: row.session, client: row.client ?? "", denials: row.denials }));
    return { confirmations, sessions };
  }

  /**
   * Forgets the denials of one of the owner's sessions, so prompts resume there: the denied
   * records keep their decision. Answers how many denials were cleared.
   */
  clearDenials(user: string, session: string): number {
    return this.sql.exec("DELETE FROM denials WHERE user = ? AND session = ? RETURNING confirmation_id", user, session).toArray().length;
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
   * Consumed records cannot change. `audit` is the decider as the audit log names them (null
   * when auditing is off): a decision that changes the record is recorded, one that does not is not.
   */
  decide(
    id: string,
    user: string,
    decision: "approved" | "denied",
    via: DecidedVia,
    audit: AuditCaller | null = null,
    now = Date.now(),
  ): ConfirmationRecord | undefined {
    const record = this.get(id, user, now);
    if (!record || record.status === "consumed" || record.status === decision) return record;
    if (record.status === "denied" && via === "form") return record;
    if (via === "client" && (decision !== "denied" || record.status !== "pending")) return record;
    // A denial in the client (a form answer, a declined link) is reported by the call that
    // carried it; one on the page is reported by the next call (admit).
    this.sql.exec(
      "UPDATE confirmations SET status = ?, decided_via = ?, decided_at = ?, decided_by = ?, denial_reported = ? WHERE id = ?",
      decision,
      via,
      now,
      user,
      via === "url" ? 0 : 1,
      id,
    );
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
    this.wake(id);
    const decided = this.record(id);
    if (decided && audit) this.recordChange(audit, decided, decision, { decided_by: user, path: via }, auditOf(this.row(id)!));
    return decided;
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
    const expired = this.sql.exec<Row>("DELETE FROM confirmations WHERE expires_at <= ? RETURNING *", now).toArray();
    // What nobody decided, or an approval never used, expired unanswered; a denial ran its course.
    for (const row of expired) {
      const audit = auditOf(row);
      if (audit && (row.status === "pending" || row.status === "approved"))
        this.recordChange(audit.caller, toRecord(row), "expired", { decided_by: null, path: null }, audit);
    }
    this.sql.exec("DELETE FROM denials WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM nonces WHERE expires_at <= ?", now);
    const next = this.sql
      .exec<{ next: number | null }>(
        "SELECT min(expires_at) AS next FROM (SELECT expires_at FROM confirmations UNION ALL SELECT expires_at FROM denials UNION ALL SELECT expires_at FROM nonces)",
      )
      .one().next;
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  /** A denied record as the answer of a call, which thereby tells the agent of the denial. */
  private deniedAnswer(record: ConfirmationRecord, settings: ConfirmationSettings): Admission {
    if (!record.denialReported) this.sql.exec("UPDATE confirmations SET denial_reported = 1 WHERE id = ?", record.id);
    return { kind: "denied", record: { ...record, denialReported: true }, retriesLeft: Math.max(0, settings.denialRetries + 1 - record.prompts) };
  }

  /** Resolves when record `id` is decided, or after `waitMs`, whichever comes first. */
  private decisionOn(id: string, waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.waiters.get(id) ?? new Set();
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      waiters.add(done);
      this.waiters.set(id, waiters);
    });
  }

  private wake(id: string): void {
    for (const done of [...(this.waiters.get(id) ?? [])]) done();
  }

  private insert(scope: ConfirmationScope, action: ActionDescription, settings: ConfirmationSettings, now: number, prompts: number): ConfirmationRecord {
    const id = crypto.randomUUID();
    const expiresAt = now + settings.ttlSeconds * 1000;
    this.sql.exec(
      `INSERT INTO confirmations (id, user, source, session, tool, target, args_digest, arguments, title, target_name, client, status, created_at, expires_at, prompts, audit)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
      id,
      scope.user,
      scope.source,
      scope.session,
      scope.tool,
      scope.target,
      scope.argsDigest,
      JSON.stringify(action.arguments),
      action.title,
      action.targetName,
      action.client,
      now,
      expiresAt,
      prompts,
      action.audit ? JSON.stringify(action.audit) : null,
    );
    this.scheduleCleanup(expiresAt);
    const record = this.record(id)!;
    if (action.audit) this.recordChange(action.audit.caller, record, "created", { decided_by: null, path: action.audit.path }, action.audit);
    return record;
  }

  /** One change of a record, on the trail of whoever caused it, sent in the background. */
  private recordChange(
    caller: AuditCaller,
    record: ConfirmationRecord,
    action: "created" | "approved" | "denied" | "expired",
    decision: { decided_by: string | null; path: string | null },
    asked: ConfirmationAudit | null,
  ): void {
    const queue = this.env.AUDIT_QUEUE;
    if (!queue) return;
    new AuditTrail({ queue, background: (work) => this.ctx.waitUntil(work) }, caller).record({
      kind: "confirmation",
      action,
      outcome: "ok",
      target: record.tool,
      resource: { type: "confirmation", id: record.id, version: null },
      detail: {
        confirmation_id: record.id,
        tool: record.tool,
        action: record.title,
        target: record.targetName,
        requested_by: record.user,
        ...decision,
        mode: asked?.mode ?? null,
        typed: asked?.typed ?? false,
      },
    });
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
    const row = this.row(id);
    return row ? toRecord(row) : undefined;
  }

  private row(id: string): Row | undefined {
    return this.sql.exec<Row>("SELECT * FROM confirmations WHERE id = ?", id).toArray()[0];
  }

  private scheduleCleanup(at: number): void {
    void this.ctx.storage.getAlarm().then((current) => {
      if (current === null || current > at) return this.ctx.storage.setAlarm(at);
    });
  }
}
