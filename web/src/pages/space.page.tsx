// /spaces/:spaceId: a space's reports by sub-space (GET /spaces/{id}/tree), and its overview
// report drawn below when it has one.
import { useParams } from "wouter";
import { PageHeader } from "../components/Page";
import { ErrorState, Loading } from "../components/States";
import { reportPath, SPACES, withCapabilities } from "../features/reports/paths";
import { ReportLinks } from "../features/reports/ReportLinks";
import { ReportView } from "../features/reports/ReportView";
import { useResource } from "../hooks";
import { itemPath } from "../kit/paths";
import type { PageRoute } from "../routes";
import type { ReportVersion, SpaceTree } from "../types";

export const route: PageRoute = { path: "/spaces/:spaceId", component: SpacePage };

function SpacePage() {
  const { spaceId } = useParams<{ spaceId: string }>();
  const tree = useResource<SpaceTree>(`${itemPath(SPACES, spaceId)}/tree`);
  const crumbs = [{ label: "Spaces", href: SPACES }];
  if (tree.error || !tree.data)
    return (
      <>
        <PageHeader title="Space" crumbs={crumbs} />
        {tree.error ? <ErrorState error={tree.error} onRetry={() => void tree.reload()} /> : <Loading label="Loading the space…" />}
      </>
    );
  const { space, subspaces, reports } = tree.data;
  const sections = [
    ...subspaces.map((subspace) => ({
      key: subspace.subspace_id,
      title: subspace.name,
      reports: reports.filter((report) => report.subspace_id === subspace.subspace_id),
    })),
    { key: "", title: "Not in a sub-space", reports: reports.filter((report) => report.subspace_id === null) },
  ].filter((section) => section.key !== "" || section.reports.length > 0);
  return (
    <>
      <PageHeader title={space.name} crumbs={crumbs}>
        {space.description && <p className="lede">{space.description}</p>}
      </PageHeader>
      <div className="report-groups">
        {sections.map((section) => (
          <section key={section.key} className="panel report-group" aria-labelledby={`subspace-${section.key}`}>
            <h2 id={`subspace-${section.key}`}>{section.title}</h2>
            <ReportLinks reports={section.reports} empty="No reports in this sub-space." />
          </section>
        ))}
        {reports.length === 0 && <p className="muted">No reports are filed in this space.</p>}
      </div>
      {space.overview_report_id && <Overview reportId={space.overview_report_id} />}
    </>
  );
}

function Overview({ reportId }: { reportId: string }) {
  const report = useResource<ReportVersion>(withCapabilities(reportPath(reportId)));
  return (
    <section className="space-overview" aria-labelledby="space-overview">
      <h2 id="space-overview" className="section-title">
        Overview{report.data ? `: ${report.data.name}` : ""}
      </h2>
      {report.error ? (
        <ErrorState error={report.error} onRetry={() => void report.reload()} />
      ) : !report.data ? (
        <Loading label="Loading the overview…" />
      ) : (
        <ReportView key={`${report.data.report_id}@${report.data.version}`} report={report.data} />
      )}
    </section>
  );
}
