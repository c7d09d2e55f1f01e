// A workflow's (or scheduled query's) versions as the kit's history shows them, and restoring
// one client-side, as upstream does: its definition saved again as a new version with the
// comment "Restored from version N".
import { api } from "../../api";
import type { ScheduledQueryItem, ScheduledQueryVersionList, Version, WorkflowItem, WorkflowVersionList } from "../../types";

export const workflowVersions = (data: unknown): Version[] =>
  (data as WorkflowVersionList).versions.map(
    ({ version, created_by, created_at, comment, name, enabled, schedule, watch_scans, stages, trigger_workflows }) => ({
      version,
      author: created_by,
      created_by,
      created_at,
      comment,
      definition: { name, enabled, schedule, watch_scans, stages, trigger_workflows },
    }),
  );

export const scheduledQueryVersions = (data: unknown): Version[] =>
  (data as ScheduledQueryVersionList).versions.map(
    ({ version, created_by, created_at, comment, name, cypher, params, frequency, schedule, watch_scans, enabled, actions }) => ({
      version,
      author: created_by,
      created_by,
      created_at,
      comment,
      definition: { name, cypher, params, frequency, schedule, watch_scans, enabled, actions },
    }),
  );

/** PUTs the version's definition to the item's path (a workflow's or a scheduled query's), based on the current version. */
export async function restoreByResaving(path: string, version: Version, current: Version): Promise<number> {
  const saved = await api<WorkflowItem | ScheduledQueryItem>("PUT", path, {
    ...(version.definition as object),
    base_version: current.version,
    comment: `Restored from version ${version.version}`,
  });
  return saved.current_version;
}
