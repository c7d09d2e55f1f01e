// The answers of the audit log's reads as the UI reads them: the Worker's own schemas
// (worker/audit/responses.ts, through worker/api.ts).
import type { ReplyOf } from "../../types";

/** GET /audit: a page of events, newest first, and the cursor of the next. */
export type AuditPage = ReplyOf<"audit_list">;
/** GET /audit/stats: totals, per target, per principal and per hour over a window. */
export type AuditStats = ReplyOf<"audit_stats">;
