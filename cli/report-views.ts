// Table output of reports and spaces: which fields people see, in what order. (--output json
// prints the server's objects instead, with every field.)
import type { ReportItem, ReportVersion, Space, SpaceTree, Subspace } from "./api";
import { fields, listTable, yesNo } from "./output";

/** A report as its list row and `seizu reports file` show it: labels (in capitals, the table's headers) and values, in order. */
const REPORT_ITEM: [string, (report: ReportItem) => unknown][] = [
  ["id", (r) => r.report_id],
  ["name", (r) => r.name],
  ["access", (r) => r.access.scope],
  ["pinned", (r) => yesNo(r.pinned)],
  ["version", (r) => r.current_version],
  ["space", (r) => r.space_id],
  ["sub-space", (r) => r.subspace_id],
  ["owner", (r) => r.created_by],
];

export function reportsTable(reports: ReportItem[]) {
  return listTable(
    reports,
    "(no reports)",
    REPORT_ITEM.map(([label, value]) => ({ header: label.toUpperCase(), value })),
  );
}

export const reportItemFields = (report: ReportItem) => fields(REPORT_ITEM.map(([label, value]) => [label, value(report)]));

/** A version: who saved it and why, then its rows and panels (each panel's type and caption). */
export function reportVersionFields(report: ReportVersion) {
  const rows = report.config.rows.map(
    (row) =>
      `${row.name || "(unnamed row)"}: ${row.panels.map((panel) => (panel.caption ? `${panel.type} "${panel.caption}"` : panel.type)).join(", ") || "(no panels)"}`,
  );
  return fields([
    ["id", report.report_id],
    ["name", report.name],
    ["version", `${report.version} of ${report.current_version}`],
    ["saved", `${report.created_at} by ${report.created_by}`],
    ["comment", report.comment],
    ["access", report.access.scope],
    ["pinned", yesNo(report.pinned)],
    ["space", report.space_id],
    ["sub-space", report.subspace_id],
    ["owner", report.report_created_by],
    ["inputs", report.config.inputs.map((input) => input.input_id).join(", ")],
    ["rows", rows.join("\n") || "(no rows)"],
  ]);
}

export function spacesTable(spaces: Space[]) {
  return listTable(spaces, "(no spaces)", [
    { header: "ID", value: (s) => s.space_id },
    { header: "NAME", value: (s) => s.name },
    { header: "OVERVIEW", value: (s) => s.overview_report_id },
    { header: "DESCRIPTION", value: (s) => s.description, max: 60 },
  ]);
}

export function spaceFields(space: Space) {
  return fields([
    ["id", space.space_id],
    ["name", space.name],
    ["description", space.description],
    ["overview", space.overview_report_id],
    ["created", `${space.created_at} by ${space.created_by}`],
    ["updated", `${space.updated_at} by ${space.updated_by}`],
  ]);
}

export function subspacesTable(subspaces: Subspace[]) {
  return listTable(subspaces, "(no sub-spaces)", [
    { header: "ID", value: (s) => s.subspace_id },
    { header: "NAME", value: (s) => s.name },
  ]);
}

/** The space, then its reports grouped by sub-space (ungrouped ones first). */
export function treeText({ space, subspaces, reports }: SpaceTree) {
  const line = (report: ReportItem) => `  ${report.name} (${report.report_id})${report.report_id === space.overview_report_id ? " [overview]" : ""}`;
  const groups = [
    { name: "(ungrouped)", reports: reports.filter((report) => report.subspace_id === null) },
    ...subspaces.map((sub) => ({ name: `${sub.name} (${sub.subspace_id})`, reports: reports.filter((report) => report.subspace_id === sub.subspace_id) })),
  ];
  return [`${space.name} (${space.space_id})`, ...groups.flatMap((group) => [group.name, ...group.reports.map(line)])].join("\n");
}
