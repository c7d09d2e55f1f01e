// The inputs and responses of the reports API, in upstream Seizu's shapes: a list item
// (report_id, name, current_version, access, pinned, space ids, audit) and a version (the
// config at one version, with the report's current access and filing beside it).
import { z } from "zod";
import { changeFields, pageQuery } from "../kit/schemas";
import { reportConfig } from "./config";

export const ACCESS_SCOPES = ["private", "public"] as const;
export const access = z.object({ scope: z.enum(ACCESS_SCOPES, { error: "must be private or public" }) }).strict();
export type AccessScope = (typeof ACCESS_SCOPES)[number];

/** A report's or space's name: not blank once trimmed (it is stored trimmed). */
export const displayName = z
  .string({ error: "must be a string" })
  .max(200, "must be at most 200 characters")
  .refine((name) => name.trim() !== "", "must not be blank");

const spaceRef = z.string({ error: "must be a string" }).min(1, "must not be empty");
const filing = { space_id: spaceRef.nullish(), subspace_id: spaceRef.nullish() };

export const createReportInput = z.object({ name: displayName, ...filing }).strict();
export type CreateReportInput = z.output<typeof createReportInput>;

export const cloneReportInput = createReportInput;

export const saveVersionInput = z
  .object({
    config: reportConfig,
    comment: changeFields.comment,
    base_version: changeFields.base_version.optional().describe("The version this config was based on; omitted, the save is based on the current version"),
  })
  .strict();
export type SaveVersionInput = z.output<typeof saveVersionInput>;

/** access null (or left out) leaves the access as it is, as upstream Seizu's does. */
export const visibilityInput = z.object({ access: access.nullish() }).strict();
export const pinInput = z.object({ pinned: z.boolean({ error: "must be true or false" }) }).strict();
export const setSpaceInput = z.object(filing).strict();
export type Filing = z.output<typeof setSpaceInput>;

export const runQueryInput = z
  .object({
    capability: z.string({ error: "must be a string" }).min(1, "must not be empty").describe("The query's capability from the report's query_capabilities"),
    params: z.record(z.string(), z.unknown()).default({}).describe("Values of the query's input parameters"),
  })
  .strict();

const audit = { created_at: z.string(), created_by: z.string(), updated_at: z.string(), updated_by: z.string() };
const filed = { space_id: z.string().nullable(), subspace_id: z.string().nullable() };

export const reportListItem = z.object({
  report_id: z.string(),
  name: z.string(),
  current_version: z.number().int(),
  access,
  pinned: z.boolean(),
  ...filed,
  ...audit,
});
export type ReportListItem = z.output<typeof reportListItem>;

export const reportVersion = z.object({
  report_id: z.string(),
  name: z.string(),
  version: z.number().int(),
  current_version: z.number().int(),
  config: reportConfig,
  created_at: z.string().describe("When this version was saved"),
  created_by: z.string().describe("Who saved this version"),
  comment: z.string(),
  access,
  pinned: z.boolean(),
  report_created_by: z.string().describe("The report's owner: only they may make it private or public"),
  ...filed,
  query_capabilities: z
    .record(z.string(), z.string())
    .optional()
    .describe("Per query path (rows.0.panels.1.cypher, ...), the signed capability that runs it through POST /query/report"),
});
export type ReportVersion = z.output<typeof reportVersion>;

/** GET /reports?page=&per_page= (upstream's bounds: page ≥ 1, per_page 1–500, default 100). */
export const reportListQuery = pageQuery(500, 100, "Reports");
/** ?include_query_capabilities=true: sign the version's query capabilities (for a viewer that runs its panels). */
export const capabilitiesQuery = z.object({
  include_query_capabilities: z.stringbool({ error: "must be true or false" }).default(false).describe("Include the signed query capabilities"),
});

export const reportListResponse = z.object({ reports: z.array(reportListItem) });
export const reportVersionListResponse = z.object({ versions: z.array(reportVersion) });
export const pinResponse = z.object({ report_id: z.string(), pinned: z.boolean() });
export const dashboardResponse = z.object({ report_id: z.string() });

// The seed file's reports: section (import-export.ts).
export const reportKey = z
  .string()
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "must start with a letter or digit, then letters, digits, hyphens or underscores");

export const importReportsInput = z
  .object({
    reports: z.record(reportKey, z.record(z.string(), z.unknown())).describe("Reports keyed by id: each a config, and dashboard: true on at most one"),
    dry_run: z.boolean().default(false),
    force: z.boolean().default(false).describe("Write a new version even where the config is unchanged"),
  })
  .strict();
export type ImportReportsInput = z.output<typeof importReportsInput>;

export const reportImportResponse = z.object({
  dry_run: z.boolean(),
  entries: z.array(z.object({ report_id: z.string(), action: z.enum(["created", "updated", "unchanged"]) })),
  dashboard: z.string().nullable().describe("The report the section makes the dashboard, if any"),
});
export const reportExportResponse = z.object({
  reports: z.record(z.string(), z.record(z.string(), z.unknown())).describe("Every public report's config keyed by id; the dashboard's has dashboard: true"),
});
