// The answers of the audit log's read side (GET /audit, GET /audit/stats) as the UI reads them.
// The event is the Worker's own schema (worker/audit/event.ts, through worker/api.ts).
// TODO(h28-reads): replace the two reply shapes below by ReplyOf<"audit_list"> and
// ReplyOf<"audit_stats"> once the read side's schemas are on the branch.
import type { AuditEvent } from "../../types";

export interface AuditPage {
  events: AuditEvent[];
  next_cursor: string | null;
}

interface Figures {
  calls: number;
  errors: number;
  p50_ms: number | null;
  p95_ms: number | null;
}

export interface AuditStats {
  since: string;
  until: string;
  totals: Figures & { error_rate: number };
  by_target: (Figures & { target: string; kind: string; error_rate: number })[];
  by_principal: (Figures & { subject: string; name: string | null })[];
  per_hour: { hour: string; calls: number; errors: number }[];
}
