// /reports/:reportId/edit: the report's current config as YAML, saved as a new version. The
// editor (with the YAML parser) is loaded only here.
import { lazy, Suspense } from "react";
import { useParams } from "wouter";
import { PageHeader } from "../components/Page";
import { ErrorState, Loading } from "../components/States";
import { REPORTS, reportPath } from "../features/reports/paths";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import type { ReportVersion } from "../types";

const ReportEditor = lazy(() => import("../features/reports/editor/ReportEditor"));

export const route: PageRoute = { path: "/reports/:reportId/edit", component: ReportEditPage };

function ReportEditPage() {
  const { reportId } = useParams<{ reportId: string }>();
  const path = reportPath(reportId);
  const report = useResource<ReportVersion>(path);
  const name = report.data?.name ?? reportId;
  return (
    <>
      <PageHeader
        title={`Edit ${name}`}
        crumbs={[
          { label: "Reports", href: REPORTS },
          { label: name, href: path },
        ]}
      >
        {report.data && <p className="lede">Saving makes version {report.data.version + 1}; the history keeps every version.</p>}
      </PageHeader>
      {report.error ? (
        <ErrorState error={report.error} onRetry={() => void report.reload()} />
      ) : !report.data ? (
        <Loading label="Loading the report…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <ReportEditor key={report.data.version} report={report.data} />
        </Suspense>
      )}
    </>
  );
}
