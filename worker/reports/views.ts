// A report as the API shows it, from the rows the store reads: a list item, or one version.
import type { ReportConfig } from "./config";
import type { ReportListItem, ReportVersion } from "./schemas";
import type { ReportRow, VersionRow } from "./store";

export function listItem(row: ReportRow): ReportListItem {
  return {
    report_id: row.id,
    name: row.name,
    current_version: row.current_version,
    ...standing(row),
    ...filed(row),
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  };
}

export function versionView(row: VersionRow): ReportVersion {
  const config = JSON.parse(row.body) as ReportConfig;
  return {
    report_id: row.id,
    name: config.name,
    version: row.version,
    current_version: row.current_version,
    config,
    created_at: row.saved_at,
    created_by: row.author,
    comment: row.comment,
    ...standing(row),
    report_created_by: row.created_by,
    ...filed(row),
  };
}

/** Who may see the report, and whether it is pinned: the same in a list item and a version. */
const standing = (row: ReportRow) => ({ access: { scope: row.access }, pinned: row.pinned === 1 });

/** Where the report is filed (spaces/filing): the same in a list item and a version. */
const filed = (row: ReportRow) => ({ space_id: row.space_id, subspace_id: row.subspace_id });
