// The query strings of the audit log's reads: the filters GET /audit, its export and its stats
// share, the page of GET /audit, and the stats window. Every bad value is refused by field and
// rule (a 422), since a person types them into the CLI or the Activity page.
import { z } from "zod";
import { auditCursor } from "./cursor";
import { auditKind, auditOutcome, auditVia } from "./event";

/** A day, or a time with a zone: 2026-01-31, 2026-01-31T12:00:00Z, 2026-01-31T13:00:00.5+01:00. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO 8601 time, read as the UTC milliseconds the table stores (occurred_at sorts as text). */
const isoTime = (what: string) =>
  z
    .string()
    .refine((value) => ISO_8601.test(value) && !Number.isNaN(Date.parse(value)), {
      message: "must be an ISO 8601 time with a zone (2026-01-31T12:00:00Z) or a day (2026-01-31)",
      params: { rule: "iso_8601" },
    })
    .transform((value) => new Date(value).toISOString())
    .describe(what);

const name = (what: string) => z.string().min(1, "must not be empty").max(500, "must be at most 500 characters").describe(what);

export const auditFilterFields = {
  since: isoTime("Events at or after this time (ISO 8601)").optional(),
  until: isoTime("Events before this time (ISO 8601)").optional(),
  principal: name("The caller's subject").optional(),
  target: name("The tool's MCP name or the route called, as recorded").optional(),
  kind: auditKind.optional().describe("The kind of event"),
  outcome: auditOutcome.optional().describe("How it ended"),
  via: auditVia.optional().describe("Which door it came through"),
  resource_type: name("The resource's type: tool, toolset, report, role, workflow, confirmation, ...").optional(),
  resource_id: name("The resource's id (toolset/tool for a tool)").optional(),
};

/** since must not come after until: such a window holds nothing, and is surely a mistake. */
function orderedWindow(value: { since?: string | undefined; until?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.since !== undefined && value.until !== undefined && value.since > value.until)
    ctx.addIssue({ code: "custom", path: ["since"], message: `must not be after until (${value.until})`, params: { rule: "since_after_until" } });
}

export const AUDIT_PAGE_MAX = 500;

/** GET /audit: the filters, a page of at most 500 events, and the answer's format. */
export const auditListQuery = z
  .object({
    ...auditFilterFields,
    limit: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(AUDIT_PAGE_MAX, `must be at most ${AUDIT_PAGE_MAX}`)
      .default(50)
      .describe(`Events per page (1–${AUDIT_PAGE_MAX})`),
    cursor: auditCursor.optional().describe("next_cursor of the previous page"),
    format: z.enum(["json", "csv"]).default("json").describe("json (a page with next_cursor) or csv (the page's events, the next cursor in X-Next-Cursor)"),
  })
  .superRefine(orderedWindow);
export type AuditListQuery = z.output<typeof auditListQuery>;

/** What a page, an export and the stats filter on. */
export type AuditFilters = Omit<AuditListQuery, "limit" | "cursor" | "format">;

/** GET /audit/export: the filters, every matching event, as CSV or JSON Lines. */
export const auditExportQuery = z
  .object({
    ...auditFilterFields,
    format: z.enum(["csv", "jsonl"]).default("csv").describe("csv (a header row, one event a row) or jsonl (one event a line)"),
  })
  .superRefine(orderedWindow);
export type AuditExportQuery = z.output<typeof auditExportQuery>;

export const STATS_WINDOW_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

/** The stats window: until defaults to now, since to 24 hours before until. */
export function statsWindow(value: { since?: string | undefined; until?: string | undefined }, now = Date.now()): { since: string; until: string } {
  const until = value.until ?? new Date(now).toISOString();
  return { since: value.since ?? new Date(Date.parse(until) - DAY_MS).toISOString(), until };
}

/**
 * GET /audit/stats: a window of at most 31 days (since defaults to 24 hours before until, until to
 * now), narrowed by target, principal and kind (default: the kinds that are calls).
 */
export const auditStatsQuery = z
  .object({
    since: auditFilterFields.since.describe("Start of the window (ISO 8601; default 24 hours before until)"),
    until: auditFilterFields.until.describe("End of the window (ISO 8601; default now)"),
    target: auditFilterFields.target,
    principal: auditFilterFields.principal,
    kind: auditFilterFields.kind.describe(
      "The kind of event (default: the calls: tool_call, prompt_get, graph_query, report_query, workflow_run, workflow_activity)",
    ),
  })
  .superRefine((value, ctx) => {
    const { since, until } = statsWindow(value);
    orderedWindow({ since, until }, ctx);
    if (since <= until && Date.parse(until) - Date.parse(since) > STATS_WINDOW_MAX_DAYS * DAY_MS)
      ctx.addIssue({
        code: "custom",
        path: ["since"],
        message: `must be at most ${STATS_WINDOW_MAX_DAYS} days before until`,
        params: { rule: "window_too_long" },
      });
  });
export type AuditStatsQuery = z.output<typeof auditStatsQuery>;
