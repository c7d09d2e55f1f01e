// /: the dashboard, the report chosen as the home page (GET /reports/dashboard), shown like any
// report; until one is chosen, a pointer to the reports.
import { Link } from "wouter";
import { ApiError } from "../api";
import { PageHeader } from "../components/Page";
import { Empty, ErrorState, Loading } from "../components/States";
import { DASHBOARD, REPORTS, reportPath, withCapabilities } from "../features/reports/paths";
import { ReportView } from "../features/reports/ReportView";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import type { ReportVersion } from "../types";

export const route: PageRoute = { path: "/", component: DashboardPage, nav: { label: "Dashboard", href: "/", match: "/", order: 0 } };

function DashboardPage() {
  const dashboard = useResource<ReportVersion>(withCapabilities(DASHBOARD));
  if (dashboard.error instanceof ApiError && dashboard.error.status === 404)
    return (
      <>
        <PageHeader title="Dashboard" />
        <Empty title="No dashboard has been chosen">
          <p>
            Choose a public report as the dashboard from <Link href={REPORTS}>Reports</Link>, or seed one with <code>seizu seed</code>.
          </p>
        </Empty>
      </>
    );
  if (dashboard.error)
    return (
      <>
        <PageHeader title="Dashboard" />
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.reload()} />
      </>
    );
  if (!dashboard.data)
    return (
      <>
        <PageHeader title="Dashboard" />
        <Loading label="Loading the dashboard…" />
      </>
    );
  const report = dashboard.data;
  return (
    <>
      <PageHeader
        title={report.name}
        actions={
          <Link className="button" href={reportPath(report.report_id)}>
            Open report
          </Link>
        }
      >
        <p className="lede">The dashboard: version {report.version}.</p>
      </PageHeader>
      <ReportView key={`${report.report_id}@${report.version}`} report={report} />
    </>
  );
}
