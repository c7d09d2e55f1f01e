// /spaces/:spaceId: a space's reports by sub-space (GET /spaces/{id}/tree), and its overview
// report drawn below when it has one, which writers choose among its reports. Writers rename the
// space and create, rename and delete its sub-spaces here.
import { useParams } from "wouter";
import { PageHeader } from "../components/Page";
import { ErrorState, Loading } from "../components/States";
import { reportPath, SPACES, withCapabilities } from "../features/reports/paths";
import { DeleteSpaceButton } from "../features/reports/DeleteSpace";
import { RenameSpaceButton } from "../features/spaces/RenameSpace";
import { NewSubspaceButton, SubspaceMenu } from "../features/spaces/Subspaces";
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
  const writer = session.can("spaces:write");
  const reload = () => void tree.reload();
  const sections = [
    ...subspaces.map((subspace) => ({
      key: subspace.subspace_id,
      title: subspace.name,
      subspace,
      reports: reports.filter((report) => report.subspace_id === subspace.subspace_id),
    })),
    { key: "", title: "Not in a sub-space", subspace: null, reports: reports.filter((report) => report.subspace_id === null) },
  ].filter((section) => section.key !== "" || section.reports.length > 0);
  const actions = (writer || session.can("spaces:delete")) && (
    <>
      {writer && <RenameSpaceButton space={space} onRenamed={reload} />}
      {writer && <NewSubspaceButton spaceId={space.space_id} onChanged={reload} />}
      {session.can("spaces:delete") && <DeleteSpaceButton space={space} />}
    </>
  );
  return (
    <>
      <PageHeader title={space.name} crumbs={crumbs} actions={actions}>
        {space.description && <p className="lede">{space.description}</p>}
      </PageHeader>
      {writer && reports.length > 0 && <SpaceOverviewChoice tree={tree.data} onChanged={reload} />}
      <div className="report-groups">
        {sections.map((section) => (
          <section key={section.key} className="panel report-group" aria-labelledby={`subspace-${section.key}`}>
            <div className="panel-header">
              <h2 id={`subspace-${section.key}`}>{section.title}</h2>
              {writer && section.subspace && <SubspaceMenu subspace={section.subspace} reports={section.reports.length} onChanged={reload} />}
            </div>
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
