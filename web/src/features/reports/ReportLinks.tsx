// A list of reports as links with their badges, the same in every section that lists reports.
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { ReportListItem } from "../../types";
import { reportPath } from "./paths";
import { ReportBadges } from "./ReportBadges";

export function ReportLinks({ reports, empty, aside }: { reports: ReportListItem[]; empty: string; aside?(report: ReportListItem): ReactNode }) {
  if (reports.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="report-links">
      {reports.map((report) => (
        <li key={report.report_id}>
          <Link href={reportPath(report.report_id)}>{report.name}</Link> <ReportBadges report={report} />
          {aside?.(report)}
        </li>
      ))}
    </ul>
  );
}
