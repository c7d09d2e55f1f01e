// The confirmation page's view of the ledger: a confirmation is visible to, and decided by,
// its owner only, signed in as themselves. On the page an owner may still approve an action
// they (or their client's form) denied, until it expires. The owner may list their
// confirmations and clear a session's denials, so prompts resume there.
import type { ConfirmationRecord, SessionDenials } from "../../durable-objects/confirmation-ledger";
import type { Principal } from "../auth/principal";
import type { Config } from "../config";
import type { AuditTrail } from "../audit/trail";
import type { Env } from "../env";
import { ConflictError, NotFoundError } from "../errors/domain";
import { confirmationView } from "./view";
import { ledgerOf } from "./scope";

export class ConfirmationService {
  constructor(private readonly deps: { env: Env; config: Config; principal: Principal; base: string; audit: AuditTrail }) {}

  private get ledger() {
    return ledgerOf(this.deps.env.CONFIRMATIONS, this.deps.principal.subject);
  }

  async list() {
    const limit = this.deps.config.ACTION_CONFIRMATION_SESSION_DENIAL_LIMIT;
    const { confirmations, sessions } = (await this.ledger.list(this.deps.principal.subject)) as {
      confirmations: ConfirmationRecord[];
      sessions: SessionDenials[];
    };
    return {
      confirmations: confirmations.map((record) => confirmationView(record, this.deps.base)),
      sessions: sessions.map((session) => ({ ...session, limit, blocked: session.denials >= limit })),
    };
  }

  async get(id: string) {
    const record = (await this.ledger.get(id, this.deps.principal.subject)) as ConfirmationRecord | undefined;
    if (!record) throw new NotFoundError(`confirmation ${id} does not exist, has expired, or is not yours`);
    return confirmationView(record, this.deps.base);
  }

  async decide(id: string, decision: "approved" | "denied") {
    const { audit } = this.deps;
    const record = (await this.ledger.decide(id, this.deps.principal.subject, decision, "url", audit.recording ? audit.caller : null)) as
      | ConfirmationRecord
      | undefined;
    if (!record) throw new NotFoundError(`confirmation ${id} does not exist, has expired, or is not yours`);
    if (record.status === "consumed") throw new ConflictError(`confirmation ${id} was already used: the action ran`);
    return confirmationView(record, this.deps.base);
  }

  async clearDenials(session: string) {
    return { session, cleared: await this.ledger.clearDenials(this.deps.principal.subject, session) };
  }
}
