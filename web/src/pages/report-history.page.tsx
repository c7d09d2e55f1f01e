// /reports/:reportId/history: a report's versions, a diff of a chosen one's config against the
// current one, and Restore, through the kit's history page.
import { useParams } from "wouter";
import { REPORTS, reportPath } from "../features/reports/paths";
import { HistoryPage } from "../kit/HistoryPage";
import { allow } from "../kit/rights";
import type { PageRoute } from "../routes";
import type { ReportVersion, ReportVersionList, Version } from "../types";

export const route: PageRoute = { path: "/reports/:reportId/history", component: ReportHistoryPage };

/** Report versions in upstream's shape (config, created_by) as the kit's history shows versions. */
const reportVersions = (data: unknown): Version[] =>
  (data as ReportVersionList).versions.map((version) => ({
    version: version.version,
    author: version.created_by,
    created_by: version.created_by,
    created_at: version.created_at,
    comment: version.comment,
    definition: version.config,
  }));

function ReportHistoryPage() {
  const { reportId } = useParams<{ reportId: string }>();
  return (
    <HistoryPage<ReportVersion>
      noun="report"
      path={reportPath(reportId)}
      id={reportId}
      nameOf={(report) => report.name}
      crumbs={[{ label: "Reports", href: REPORTS }]}
      rights={(session) => ({ history: allow(true, ""), write: allow(session.can("reports:write"), "Needs the reports:write permission") })}
      versionsOf={reportVersions}
    />
  );
}
