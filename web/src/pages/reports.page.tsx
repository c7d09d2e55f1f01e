// /reports: the reports the caller can see, pinned first, then by space, with the spaces to
// browse; New report for writers.
import { Link } from "wouter";
import { PageHeader } from "../components/Page";
import { SearchBox } from "../components/SearchBox";
import { useSearch } from "../components/search";
import { Empty, ErrorState, Loading } from "../components/States";
import { groupReports } from "../features/reports/grouping";
import { NewReportButton } from "../features/reports/NewReport";
import { REPORTS, SPACES, spacePath } from "../features/reports/paths";
import { ReportLinks } from "../features/reports/ReportLinks";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { ReportList, ReportListItem, SpaceList } from "../types";

const NONE: ReportListItem[] = [];

export const route: PageRoute = { path: REPORTS, component: ReportsPage, nav: { label: "Reports", href: REPORTS, match: REPORTS, order: 5 } };

function ReportsPage() {
  const session = useSession();
  const reports = useResource<ReportList>(`${REPORTS}?per_page=500`);
  const spaces = useResource<SpaceList>(session.can("spaces:read") ? SPACES : null);
  const spaceList = spaces.data?.spaces ?? [];
  const spaceName = (id: string | null) => spaceList.find((space) => space.space_id === id)?.name;
  const all = reports.data?.reports ?? NONE;
  // A report is found by its name or by the name of the space it is filed in.
  const search = useSearch(all, (report) => `${report.name} ${spaceName(report.space_id) ?? ""}`);
  return (
    <>
      <PageHeader title="Reports" actions={session.can("reports:write") ? <NewReportButton spaces={spaceList} /> : null}>
        <p className="lede">Dashboards of read-only queries. Pinned reports come first, then each space's.</p>
      </PageHeader>
      {reports.error ? (
        <ErrorState error={reports.error} onRetry={() => void reports.reload()} />
      ) : !reports.data || spaces.loading ? (
        <Loading label="Loading reports…" />
      ) : reports.data.reports.length === 0 ? (
        <Empty title="No reports yet">{session.can("reports:write") && <p>Create one with New report.</p>}</Empty>
      ) : (
        <div className="report-groups">
          {spaces.error ? <ErrorState error={spaces.error} onRetry={() => void spaces.reload()} /> : null}
          <SearchBox label="Search reports" query={search.query} onQuery={search.setQuery} shown={search.matching.length} total={all.length} />
          {search.matching.length === 0 && <Empty title={`No reports match “${search.query.trim()}”.`} />}
          {groupReports(search.matching, spaceList)
            .filter((group) => !search.query.trim() || group.reports.length > 0)
            .map((group) => (
              <section key={group.key} className="panel report-group" aria-labelledby={`group-${group.key}`}>
                <h2 id={`group-${group.key}`}>{group.space ? <Link href={spacePath(group.space.space_id)}>{group.title}</Link> : group.title}</h2>
                <ReportLinks
                  reports={group.reports}
                  empty="No reports in this space."
                  aside={(report) =>
                    group.key === "pinned" && report.space_id ? <span className="muted small">in {spaceName(report.space_id) ?? "a space"}</span> : null
                  }
                />
              </section>
            ))}
        </div>
      )}
    </>
  );
}
