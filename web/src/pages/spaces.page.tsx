// /spaces: the spaces that group public reports, each with its description; New space for writers.
import { Link } from "wouter";
import { PageHeader } from "../components/Page";
import { SearchBox } from "../components/SearchBox";
import { useSearch } from "../components/search";
import { Empty, Loaded } from "../components/States";
import { NewSpaceButton } from "../features/reports/NewSpace";
import { SPACES, spacePath } from "../features/reports/paths";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Space, SpaceList } from "../types";

export const route: PageRoute = { path: SPACES, component: SpacesPage, nav: { label: "Spaces", href: SPACES, match: SPACES, order: 6 } };

function SpacesPage() {
  const session = useSession();
  const spaces = useResource<SpaceList>(SPACES);
  return (
    <>
      <PageHeader title="Spaces" actions={session.can("spaces:write") ? <NewSpaceButton /> : null}>
        <p className="lede">Spaces group public reports, with sub-spaces inside them and an overview report of their own.</p>
      </PageHeader>
      <Loaded resource={spaces} loading="Loading spaces…">
        {(list) =>
          list.spaces.length === 0 ? (
            <Empty title="No spaces yet">
              <p>{session.can("spaces:write") ? "Create one with New space." : "Someone with the spaces:write permission can create one."}</p>
            </Empty>
          ) : (
            <SpaceLinks spaces={list.spaces} />
          )
        }
      </Loaded>
    </>
  );
}

/** The spaces by name, narrowed by a search over their names and descriptions. */
function SpaceLinks({ spaces }: { spaces: Space[] }) {
  const { query, setQuery, matching } = useSearch(spaces, spaceText);
  return (
    <>
      <SearchBox label="Search spaces" query={query} onQuery={setQuery} shown={matching.length} total={spaces.length} />
      {matching.length === 0 ? (
        <Empty title={`No spaces match “${query.trim()}”.`} />
      ) : (
        <ul className="report-links space-list" aria-label="Spaces">
          {matching
            .toSorted((a, b) => a.name.localeCompare(b.name))
            .map((space) => (
              <li key={space.space_id}>
                <Link href={spacePath(space.space_id)}>{space.name}</Link>
                {space.description && <span className="muted small">{space.description}</span>}
              </li>
            ))}
        </ul>
      )}
    </>
  );
}

const spaceText = (space: Space) => `${space.name} ${space.description ?? ""}`;
