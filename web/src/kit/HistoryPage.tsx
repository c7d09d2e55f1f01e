// An item's history page: it loads the item, then shows its heading and breadcrumbs (the item's
// own page last, where it has one), then its history, or for a built-in item, why it has none.
import { type Crumb, PageHeader } from "../components/Page";
import { useResource } from "../hooks";
import { type Session, useSession } from "../session";
import type { Version } from "../types";
import { History } from "./History";
import type { VersionedRights } from "./rights";

export function HistoryPage<T>({
  noun,
  path,
  id,
  nameOf,
  crumbs,
  itemPage = true,
  rights,
  versionsOf,
  restore,
}: {
  noun: string;
  /** The API path of the item. */
  path: string;
  /** Names the item until it has loaded, and where `nameOf` is not given. */
  id: string;
  nameOf?(item: T): string;
  /** The crumbs above the item's own. */
  crumbs: Crumb[];
  /** The item has a page of its own (at `path`), the last crumb. */
  itemPage?: boolean;
  /** What the signed-in caller may do to the item, or (while it loads) to an item of its kind. */
  rights(session: Session, item: T | undefined): Pick<VersionedRights, "history" | "write">;
  versionsOf?(data: unknown): Version[];
  restore?(path: string, version: Version, current: Version): Promise<number>;
}) {
  const session = useSession();
  const item = useResource<T>(path);
  const name = item.data && nameOf ? nameOf(item.data) : id;
  const allowed = rights(session, item.data);
  return (
    <>
      <PageHeader title={`History of ${name}`} crumbs={itemPage ? [...crumbs, { label: name, href: path }] : crumbs} />
      {!allowed.history.ok ? (
        <p className="notice">{allowed.history.reason}: they are defined by Seizu, not edited here.</p>
      ) : (
        <History noun={noun} path={path} canRestore={allowed.write.ok} restoreBlockedReason={allowed.write.reason} versionsOf={versionsOf} restore={restore} />
      )}
    </>
  );
}
