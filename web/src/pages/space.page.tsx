// /spaces/:spaceId: a space's reports by sub-space (GET /spaces/{id}/tree), and its overview
// report drawn below when it has one, which writers choose among its reports.
import { useParams } from "wouter";
import { PageHeader } from "../components/Page";
import { ErrorState, Loading } from "../components/States";
import { reportPath, SPACES, withCapabilities } from "../features/reports/paths";
import { DeleteSpaceButton } from "../features/reports/DeleteSpace";
import { ReportLinks } from "../features/reports/ReportLinks";
import { ReportView } from "../features/reports/ReportView";
import { SpaceOverviewChoice } from "../features/reports/SpaceOverviewChoice";
import { useResource } from "../hooks";
import { itemPath } from "../kit/paths";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { ReportVersion, SpaceTree } from "../types";

export const route: PageRoute = { path: "/spaces/:spaceId", component: SpacePage };

function SpacePage() {
  const { spaceId } = useParams<{ spaceId: string }>();
  const session = useSession();
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
      <PageHeader title={space.name} crumbs={crumbs} actions={session.can("spaces:delete") ? <DeleteSpaceButton space={space} /> : null}>
        {space.description && <p className="lede">{space.description}</p>}
      </PageHeader>
      {session.can("spaces:write") && reports.length > 0 && <SpaceOverviewChoice tree={tree.data} onChanged={() => void tree.reload()} />}
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
