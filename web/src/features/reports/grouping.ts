// The reports list's sections: pinned reports first, then each space's reports (spaces by
// name), then those in no space; each section by report name.
import type { ReportListItem, Space } from "../../types";

export interface ReportGroup {
  key: string;
  title: string;
  /** The space the section shows, for its link. */
  space?: Space;
  reports: ReportListItem[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export function groupReports(reports: ReportListItem[], spaces: Space[]): ReportGroup[] {
  const groups: ReportGroup[] = [{ key: "pinned", title: "Pinned", reports: reports.filter((report) => report.pinned) }];
  const rest = reports.filter((report) => !report.pinned);
  for (const space of spaces.toSorted(byName))
    groups.push({ key: `space:${space.space_id}`, title: space.name, space, reports: rest.filter((report) => report.space_id === space.space_id) });
  const known = new Set(spaces.map((space) => space.space_id));
  // A report filed in a space the caller cannot list still shows, under no space.
  groups.push({ key: "none", title: "Not in a space", reports: rest.filter((report) => report.space_id === null || !known.has(report.space_id)) });
  return groups.map((group) => ({ ...group, reports: group.reports.toSorted(byName) })).filter((group) => group.reports.length > 0 || group.space);
}
