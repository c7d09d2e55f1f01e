// What the audit log's reads answer (GET /audit, /audit/events/{event_id}, /audit/stats), as the
// admin UI and the CLI read it; free of Worker-only code (worker/client/schemas.ts names them).
import { z } from "zod";
import { auditEvent, auditKind } from "./event";

export const auditPageResponse = z.object({
  events: z.array(auditEvent).describe("Newest first"),
  next_cursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last page"),
});

const usage = {
  calls: z.number().int(),
  errors: z.number().int().describe("Events with any outcome but ok"),
  error_rate: z.number().describe("errors / calls (0 without calls)"),
  p50_ms: z.number().nullable().describe("Median duration (nearest rank); null without timed events"),
  p95_ms: z.number().nullable().describe("95th percentile duration (nearest rank); null without timed events"),
};

export const auditStatsResponse = z.object({
  since: z.string(),
  until: z.string(),
  totals: z.object(usage),
  by_target: z.array(z.object({ target: z.string().nullable(), kind: auditKind, ...usage })).describe("Busiest first"),
  by_principal: z.array(z.object({ subject: z.string(), name: z.string().nullable(), ...usage })).describe("Busiest first"),
  per_hour: z
    .array(z.object({ hour: z.string().describe("The hour's start (ISO 8601)"), calls: z.number().int(), errors: z.number().int() }))
    .describe("Every hour of the window, oldest first (hours without events count 0)"),
});
export type AuditStats = z.output<typeof auditStatsResponse>;

export const auditExportResponse = z.string().describe("CSV (a header row, then one event a row) or JSON Lines (one AuditEvent a line)");
