// A report as the API shows it, from the rows the store reads: a list item, or one version.
import type { ReportConfig } from "./config";
import type { ReportListItem, ReportVersion } from "./schemas";
import type { ReportRow, VersionRow } from "./store";

export function listItem(row: ReportRow): ReportListItem {
  return {
    report_id: row.id,
    name: row.name,
    current_version: row.current_version,
    access: { scope: row.access },
    pinned: row.pinned === 1,
    space_id: row.space_id,
    subspace_id: row.subspace_id,
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
    access: { scope: row.access },
    pinned: row.pinned === 1,
    report_created_by: row.created_by,
    space_id: row.space_id,
    subspace_id: row.subspace_id,
  };
}
