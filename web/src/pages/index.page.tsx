// /: the dashboard, the report chosen as the home page (GET /reports/dashboard), shown like any
// report; until one is chosen, a pointer to the reports; without reports:read, the toolsets.
import { Link, Redirect } from "wouter";
import { ApiError } from "../api";
import { PageHeader } from "../components/Page";
import { Empty, ErrorState, Loading } from "../components/States";
import { DASHBOARD, REPORTS, reportPath, withCapabilities } from "../features/reports/paths";
import { ReportView } from "../features/reports/ReportView";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { ReportVersion } from "../types";

export const route: PageRoute = { path: "/", component: DashboardPage, nav: { label: "Dashboard", href: "/", match: "/", order: 0 } };

function DashboardPage() {
  const session = useSession();
  const readsReports = session.can("reports:read");
  const dashboard = useResource<ReportVersion>(readsReports ? withCapabilities(DASHBOARD) : null);
  // A caller who cannot read reports starts where they can work: the toolsets.
  if (!readsReports) return <Redirect to="/toolsets" replace />;
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
