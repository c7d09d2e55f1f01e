// Operations of the `reports` group, in upstream Seizu's routes and shapes (routes/reports.py):
// reports:read lists and reads reports, their versions and the dashboard, and runs a report's
// queries through their signed capabilities; reports:write creates, saves versions, restores,
// clones, changes visibility and pins; reports:set_dashboard and reports:delete as named.
// Filing a report into a space is the spaces group's (spaces__set_report_space).
import { versionNumber } from "../kit/schemas";
import { versionedOperations } from "./generators/versioned-operations";
import { recordsChange } from "./generators/recorded-change";
import { reportResource } from "../reports/resources";
import { runReportQuery } from "../reports/run-query";
import * as schemas from "../reports/schemas";
import { capabilityKey } from "../reports/service";
import { authorOf, defineOperation, type OperationContext } from "./operation";
import { reportParams } from "./path-params";
import { cacheContext, cachedResponse } from "./cached-answer";
import { callResponse } from "./responses";
import { cypherDeps, reports, resultLimits } from "./services";
import { reportTarget } from "./targets";

const group = "reports";
const item = "/reports/{report_id}";

const resource = (ctx: OperationContext) => reportResource(() => reports(ctx));

/** The report a settings change names, from its path. */
const reportIdOf = (params: unknown) => (params as { report_id: string }).report_id;

const {
  list,
  export: exportAll,
  import: importAll,
  get,
  versions,
  version_get,
  create,
  update,
  restore,
  delete: remove,
} = versionedOperations({
  group,
  collection: "/reports",
  itemParams: reportParams,
  idParam: "report_id",
  key: (params) => params.report_id,
  noun: "report",
  actions: ["list", "export", "import", "get", "versions", "version_get", "create", "update", "restore", "delete"],
  updateStyle: "version",
  operationIds: { prefix: "reports_", update: "reports_create_version" },
  summaries: {
    list: "List the reports the caller can see: every public one and their own private ones",
    export: "Every public report's config keyed by id, in the seed file's reports: shape",
    import: "Validate a seed file's reports: section as a whole, then create or update every report in one transaction",
    get: "A report's current version (?include_query_capabilities=true: with a signed capability per query to run it)",
    versions: "A report's version history, newest first",
    version_get: "One version of a report",
    create: "Create a report (version 1: its name and no rows); private unless created into a space",
    update: "Save a report's config as its next version; every query passes read-only validation first",
    restore: 'Restore a report version as a new version ("Restored from version N"); access and space stay',
    delete: "Delete a report and its history (a dashboard pointer or space overview naming it is cleared)",
  },
  permissions: { read: "reports:read", write: "reports:write", delete: "reports:delete" },
  listField: "reports",
  schemas: {
    item: schemas.reportListItem,
    detail: schemas.reportVersion,
    entry: schemas.reportVersion,
    versions: schemas.reportVersionListResponse,
    create: schemas.createReportInput,
    update: schemas.saveVersionInput,
    exported: schemas.reportExportResponse,
    import: schemas.importReportsInput,
    imported: schemas.reportImportResponse,
  },
  resource,
  overrides: {
    // Paged, and only what the caller may see.
    list: (base) =>
      defineOperation({
        ...base,
        params: schemas.reportListQuery,
        response: schemas.reportListResponse,
        run: async (ctx, { params }) => ({ reports: await reports(ctx).list(params.page, params.per_page) }),
      }),
    // With the query capabilities when asked.
    get: (base) =>
      defineOperation({
        ...base,
        params: base.params.extend(schemas.capabilitiesQuery.shape),
        response: schemas.reportVersion,
        run: (ctx, { params }) => reports(ctx).get(params.report_id, undefined, params.include_query_capabilities),
      }),
    // Upstream's viewer opens an older version with its capabilities too.
    version_get: (base) =>
      defineOperation({
        ...base,
        params: base.params.extend({ ...versionNumber.shape, ...schemas.capabilitiesQuery.shape }),
        response: schemas.reportVersion,
        run: (ctx, { params }) => reports(ctx).get(params.report_id, params.version, params.include_query_capabilities),
      }),
  },
});

const dashboard = defineOperation({
  operationId: "reports_get_dashboard",
  group,
  method: "get",
  path: "/reports/dashboard",
  summary: "The dashboard report's current version (?include_query_capabilities=true: with its query capabilities)",
  permission: "reports:read",
  params: schemas.capabilitiesQuery,
  response: schemas.reportVersion,
  run: (ctx, { params }) => reports(ctx).dashboard(params.include_query_capabilities),
});

const settings = [
  defineOperation({
    operationId: "reports_clone",
    group,
    method: "post",
    path: `${item}/clone`,
    summary: "Copy a report's current config into a new report, filed where the source is unless a space is given",
    permission: "reports:write",
    params: reportParams,
    body: schemas.cloneReportInput,
    response: schemas.reportListItem,
    status: 201,
    target: (ctx, { params }) => reportTarget(ctx, params.report_id),
    run: (ctx, { params, body }) => reports(ctx).clone(params.report_id, body),
  }),
  recordsChange(
    defineOperation({
      operationId: "reports_update_visibility",
      group,
      method: "put",
      path: `${item}/visibility`,
      summary: "Make a report private or public (its owner only); no new version",
      permission: "reports:write",
      params: reportParams,
      body: schemas.visibilityInput,
      response: schemas.reportListItem,
      target: (ctx, { params }) => reportTarget(ctx, params.report_id),
      run: (ctx, { params, body }) => reports(ctx).setAccess(params.report_id, body.access?.scope),
    }),
    "set_visibility",
    ({ params }, result) => ({ type: "report", id: reportIdOf(params), version: null, detail: { access: (result as { access: unknown }).access } }),
  ),
  recordsChange(
    defineOperation({
      operationId: "reports_pin",
      group,
      method: "put",
      path: `${item}/pin`,
      summary: "Pin or unpin a public report (one flag, seen by everyone)",
      permission: "reports:write",
      params: reportParams,
      body: schemas.pinInput,
      response: schemas.pinResponse,
      target: (ctx, { params }) => reportTarget(ctx, params.report_id),
      run: (ctx, { params, body }) => reports(ctx).pin(params.report_id, body.pinned),
    }),
    "pin",
    ({ params, body }) => ({ type: "report", id: reportIdOf(params), version: null, detail: { pinned: (body as { pinned: boolean }).pinned } }),
  ),
  recordsChange(
    defineOperation({
      operationId: "reports_set_dashboard",
      group,
      method: "put",
      path: `${item}/dashboard`,
      summary: "Make a public report the dashboard",
      permission: "reports:set_dashboard",
      params: reportParams,
      response: schemas.dashboardResponse,
      target: (ctx, { params }) => reportTarget(ctx, params.report_id),
      run: (ctx, { params }) => reports(ctx).setDashboard(params.report_id),
    }),
    "set_dashboard",
    ({ params }) => ({ type: "report", id: reportIdOf(params), version: null }),
  ),
];

const query = defineOperation({
  operationId: "reports_query",
  group,
  method: "post",
  path: "/query/report",
  summary: "Run one query of a report through its signed capability, with the values of its inputs; bounded like a tool result",
  permission: "reports:read",
  budget: "calls",
  // The capability is a signed token: only the inputs' values are recorded.
  call: { kind: "report_query", arguments: (body) => body.params, secret: ["capability"] },
  body: schemas.runQueryInput,
  response: callResponse,
  run: async (ctx, { body }) =>
    cachedResponse(
      ctx,
      await runReportQuery(
        reports(ctx),
        capabilityKey(ctx.config),
        authorOf(ctx),
        body,
        cypherDeps(ctx),
        resultLimits(ctx.config),
        cacheContext(ctx, "reports:write"),
        ctx.call,
      ),
    ),
});

/** In upstream's route order: the static paths (dashboard, export, import) before the item's. */
export const reportOperations = [list, dashboard, exportAll, importAll, get, versions, version_get, create, update, restore, ...settings, remove, query];
