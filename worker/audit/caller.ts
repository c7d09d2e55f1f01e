// The trail a request records on: the caller as the audit log names them, and the queue to send
// to when auditing is on. The Worker's own work (a workflow run, the scheduler) has a trail too,
// with no request: its principal is the one it acts for when known, else null, and no client.
import type { Principal } from "../auth/principal";
import type { Config } from "../config";
import type { Env } from "../env";
import type { AuditEvent, AuditPrincipal, AuditVia } from "./event";
import { AuditTrail } from "./trail";

/** A user agent is kept to this length: the client sets it, the event stays small (audit/cap.ts). */
const USER_AGENT_MAX_CHARS = 256;

/** The caller as the audit log names them: the subject, a name to show, the roles. */
export function auditPrincipalOf(principal: Principal): AuditPrincipal {
  return {
    subject: principal.subject,
    name: principal.profile.display_name ?? principal.profile.preferred_username ?? principal.profile.email,
    roles: principal.roles,
  };
}

export function auditTrail(
  env: Env,
  config: Config,
  request: Request,
  principal: Principal | null,
  via: AuditVia,
  background: (work: Promise<unknown>) => void,
): AuditTrail {
  if (!config.AUDIT_ENABLED) return AuditTrail.off;
  return new AuditTrail(
    {
      queue: env.AUDIT_QUEUE,
      background,
      arguments: config.AUDIT_ARGUMENTS,
      ...(principal?.grant ? { detail: { oauth_client_id: principal.grant.clientId } } : {}),
    },
    {
      via,
      principal: principal && auditPrincipalOf(principal),
      client: { name: null, version: null, user_agent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX_CHARS) ?? null },
    },
  );
}

/** The trail of work the Worker does on its own: a workflow run (`workflow`) or the scheduler (`cron`). */
export function workerTrail(
  env: Env,
  config: Config,
  via: Extract<AuditVia, "workflow" | "cron">,
  principal: AuditEvent["principal"],
  background: (work: Promise<unknown>) => void,
): AuditTrail {
  if (!config.AUDIT_ENABLED) return AuditTrail.off;
  return new AuditTrail(
    { queue: env.AUDIT_QUEUE, background, arguments: config.AUDIT_ARGUMENTS },
    { via, principal, client: { name: null, version: null, user_agent: null } },
  );
}
