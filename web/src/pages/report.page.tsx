// /reports/:reportId: a report's current version with its inputs and panels; History, Edit for
// those who may change it, and the ⋮ menu (pin, visibility, dashboard, delete).
import { useState } from "react";
import { Link, useParams } from "wouter";
import { PageHeader } from "../components/Page";
import { ErrorState, Loading } from "../components/States";
import { REPORTS, reportPath, spacePath, withCapabilities } from "../features/reports/paths";
import { ReportActions } from "../features/reports/ReportActions";
import { ReportBadges } from "../features/reports/ReportBadges";
import { ReportView } from "../features/reports/ReportView";
import { useResource } from "../hooks";
import { historyHref } from "../kit/paths";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { ReportVersion, Space } from "../types";

export const route: PageRoute = { path: "/reports/:reportId", component: ReportPage };

function ReportPage() {
  const { reportId } = useParams<{ reportId: string }>();
  const session = useSession();
  const path = reportPath(reportId);
  const report = useResource<ReportVersion>(withCapabilities(path));
  const [notice, setNotice] = useState<string | null>(null);
  const filedIn = report.data?.space_id;
  const space = useResource<Space>(filedIn ? spacePath(filedIn) : null);
  const crumbs = [{ label: "Reports", href: REPORTS }];
  if (report.error)
    return (
      <>
        <PageHeader title="Report" crumbs={crumbs} />
        <ErrorState error={report.error} onRetry={() => void report.reload()} />
      </>
    );
  if (!report.data)
    return (
      <>
        <PageHeader title="Report" crumbs={crumbs} />
        <Loading label="Loading the report…" />
      </>
    );
  const shown = report.data;
  // The page's path is the report's own, even when it was reached as /reports/dashboard.
  const own = reportPath(shown.report_id);
  return (
    <>
      <PageHeader
        title={shown.name}
        crumbs={shown.space_id ? [...crumbs, { label: space.data?.name ?? "Space", href: spacePath(shown.space_id) }] : crumbs}
        actions={
          <>
            <Link className="button" href={historyHref(own)}>
              History
            </Link>
            {session.can("reports:write") && (
              <Link className="button primary" href={`${own}/edit`}>
                Edit
              </Link>
            )}
            <ReportActions
              report={shown}
              onChanged={(text) => {
                setNotice(text);
                void report.reload();
              }}
            />
          </>
        }
      >
        <p className="meta">
          <ReportBadges report={shown} /> <span className="muted">Version {shown.version}</span>
        </p>
      </PageHeader>
      {notice && (
        <p className="notice ok" role="status">
          {notice}
        </p>
      )}
      <ReportView key={`${shown.report_id}@${shown.version}`} report={shown} />
    </>
  );
}
