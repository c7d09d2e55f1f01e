// Operations of the `audit` group: reading the audit log (a page, one event, every event as a
// file, usage over a window). REST only: agents do not read the audit log (definitions/audit.yaml
// exposes none of them as an MCP tool).
import { z } from "zod";
import { CSV_HEADER, csvRow } from "../audit/csv";
import { exportStream } from "../audit/export";
import { auditExportQuery, auditListQuery, auditStatsQuery } from "../audit/filters";
import { auditEvent } from "../audit/event";
import { auditExportResponse, auditPageResponse, auditStatsResponse } from "../audit/responses";
import { auditStats } from "../audit/stats";
import { AuditStore } from "../audit/store";
import { NotFoundError } from "../errors/domain";
import { FileReply } from "./file-reply";
import { defineOperation, type OperationContext } from "./operation";

const store = (ctx: OperationContext) => new AuditStore(ctx.db);

const MEDIA = { csv: "text/csv; charset=utf-8", jsonl: "application/jsonl; charset=utf-8" } as const;

/** seizu-audit-2026-01-31T12-00-00.csv: the time of the export, in a name every file system takes. */
const exportName = (format: keyof typeof MEDIA) => `seizu-audit-${new Date().toISOString().slice(0, 19).replaceAll(":", "-")}.${format}`;

export const auditOperations = [
  defineOperation({
    operationId: "audit_list",
    group: "audit",
    method: "get",
    path: "/audit",
    summary: "The audit log, newest first: one page of the events matching the filters (JSON with next_cursor, or CSV)",
    permission: "audit:read",
    params: auditListQuery,
    validatesQuery: true,
    response: auditPageResponse,
    produces: ["application/json", "text/csv"],
    run: async (ctx, { params: { limit, cursor, format, ...filters } }) => {
      const page = await store(ctx).page(filters, limit, cursor);
      if (format === "json") return page;
      const headers: Record<string, string> = page.next_cursor ? { "x-next-cursor": page.next_cursor } : {};
      return new FileReply(CSV_HEADER + page.events.map(csvRow).join(""), MEDIA.csv, undefined, headers);
    },
  }),
  defineOperation({
    operationId: "audit_export",
    group: "audit",
    method: "get",
    path: "/audit/export",
    summary: "Every event matching the filters, newest first, as a CSV or JSON Lines attachment, streamed",
    permission: "audit:read",
    params: auditExportQuery,
    validatesQuery: true,
    response: auditExportResponse,
    produces: [MEDIA.csv, MEDIA.jsonl].map((type) => type.split(";")[0] as string),
    run: async (ctx, { params: { format, ...filters } }) => new FileReply(exportStream(store(ctx), filters, format), MEDIA[format], exportName(format)),
  }),
  defineOperation({
    operationId: "audit_stats",
    group: "audit",
    method: "get",
    path: "/audit/stats",
    summary: "Usage over a window of at most 31 days: calls, errors and p50/p95 duration in all, per target and per principal, and calls per hour",
    permission: "audit:read",
    params: auditStatsQuery,
    validatesQuery: true,
    response: auditStatsResponse,
    run: (ctx, { params }) => auditStats(ctx.db, params),
  }),
  defineOperation({
    operationId: "audit_get",
    group: "audit",
    method: "get",
    path: "/audit/events/{event_id}",
    summary: "One event of the audit log",
    permission: "audit:read",
    params: z.object({ event_id: z.string().describe("The event's id") }),
    response: auditEvent,
    run: async (ctx, { params }) => {
      const event = await store(ctx).get(params.event_id);
      if (!event) throw new NotFoundError(`No audit event ${params.event_id}`);
      return event;
    },
  }),
];
