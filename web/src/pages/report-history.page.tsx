// /reports/:reportId/history: a report's versions, a diff of a chosen one's config against the
// current one, and Restore, through the kit's history page.
import { useParams } from "wouter";
import { REPORTS, reportPath } from "../features/reports/paths";
import { useResource } from "../hooks";
import { HistoryPage } from "../kit/HistoryPage";
import { allow } from "../kit/rights";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { ReportVersion, ReportVersionList, Version } from "../types";

export const route: PageRoute = { path: "/reports/:reportId/history", component: ReportHistoryPage };

/** Report versions in upstream's shape (config, created_by) as the kit's history shows versions. */
const reportVersions = (data: unknown): Version[] =>
  (data as ReportVersionList).versions.map((version) => ({
    version: version.version,
    author: version.created_by,
    created_at: version.created_at,
    comment: version.comment,
    definition: version.config,
  }));

function ReportHistoryPage() {
  const { reportId } = useParams<{ reportId: string }>();
  const session = useSession();
  const path = reportPath(reportId);
  const report = useResource<ReportVersion>(path);
  const name = report.data?.name ?? reportId;
  return (
    <HistoryPage
      noun="report"
      path={path}
      name={name}
      crumbs={[
        { label: "Reports", href: REPORTS },
        { label: name, href: path },
      ]}
      rights={{ history: allow(true, ""), write: allow(session.can("reports:write"), "Needs the reports:write permission") }}
      versionsOf={reportVersions}
    />
  );
}
