// The seed file's `reports:` section, as the CLI's seed and export use it: reports keyed by id,
// each a config (name, queries, inputs, rows) plus `dashboard: true` on at most one. Importing
// validates every entry (schema and every Cypher) before writing anything, then writes every
// change in one D1 batch: new reports are created public with that id, changed ones get a new
// version commented "Seeded", unchanged ones are left alone (unless forced). An export gives
// every public report in the same shape, so seeding an export changes nothing.
import { type FieldIssue, ValidationError } from "../errors/domain";
import { issuesOf } from "../input";
import { type ImportAction, planEntry, writeImport } from "../kit/import-writes";
import type { VersionedStore } from "../store/versioned-store";
import type { CypherCheckDeps } from "../queries/run";
import { reportCypherIssues } from "./check-queries";
import { type ReportConfig, reportConfig } from "./config";
import type { ImportReportsInput } from "./schemas";
import type { ReportStore } from "./store";
import type { Db } from "../store/db";

interface Deps {
  db: Db;
  caller: string;
  store: ReportStore;
  versions: VersionedStore<typeof reportConfig>;
  cypher: CypherCheckDeps;
}

export async function importReports({ reports, dry_run, force }: ImportReportsInput, deps: Deps) {
  const issues: FieldIssue[] = [];
  const configs = new Map<string, ReportConfig>();
  let dashboard: string | null = null;
  for (const [id, { dashboard: flag, ...raw }] of Object.entries(reports)) {
    const path = `reports.${id}`;
    if (flag !== undefined && typeof flag !== "boolean") issues.push({ field: `${path}.dashboard`, rule: "invalid_type", message: "must be true or false" });
    if (flag === true) {
      if (dashboard !== null)
        issues.push({ field: `${path}.dashboard`, rule: "custom", message: `only one report can be the dashboard (${dashboard} is too)` });
      dashboard ??= id;
    }
    const parsed = reportConfig.safeParse(raw);
    if (!parsed.success) {
      issues.push(...issuesOf(parsed.error, path));
      continue;
    }
    if (parsed.data.name.trim() === "") issues.push({ field: `${path}.name`, rule: "too_small", message: "is required: every seeded report has a name" });
    configs.set(id, { ...parsed.data, name: parsed.data.name.trim() });
  }
  const cypherIssues = await Promise.all([...configs].map(([id, config]) => reportCypherIssues(config, deps.cypher, `reports.${id}`)));
  issues.push(...cypherIssues.flat());

  const existing = new Map((await deps.store.byIds([...configs.keys()])).map((row) => [row.id, row]));
  for (const [id, row] of existing) {
    if (row.access === "private" && row.created_by !== deps.caller)
      issues.push({ field: `reports.${id}`, rule: "private", message: "is another user's private report" });
    else if (id === dashboard && row.access === "private")
      issues.push({ field: `reports.${id}.dashboard`, rule: "private", message: "the report is private; the dashboard must be public" });
  }
  if (issues.length > 0) throw new ValidationError(issues);

  const now = new Date().toISOString();
  const change = { author: deps.caller, comment: "Seeded" };
  const statements: D1PreparedStatement[] = [];
  const entries: { report_id: string; action: ImportAction }[] = [];
  for (const [id, config] of configs) {
    const row = existing.get(id);
    const current = row && { body: JSON.parse(row.body) as ReportConfig, version: row.current_version };
    const { action, statements: writes } = planEntry(deps.versions, { parentId: "", id, current, body: config }, force, change, now);
    // A new report is public, filed nowhere.
    statements.push(...writes, ...(action === "created" ? [deps.store.insertSettings(id, "public", null, null)] : []));
    entries.push({ report_id: id, action });
  }
  if (dashboard !== null) statements.push(deps.store.dashboardStatement(dashboard));
  await writeImport(
    deps.db,
    statements,
    dry_run,
    "reports",
    "A report of the section changed while it was being imported; nothing was written. Run the import again.",
  );
  return { dry_run, entries, dashboard };
}

export async function exportReports(store: ReportStore) {
  const dashboard = await store.dashboardId();
  const rows = await store.publicConfigs();
  return {
    reports: Object.fromEntries(rows.map(({ id, body }) => [id, { ...(JSON.parse(body) as ReportConfig), ...(id === dashboard ? { dashboard: true } : {}) }])),
  };
}
