// An item's history page: its heading and breadcrumbs, then its history, or for a built-in item,
// why it has none.
import { type Crumb, PageHeader } from "../components/Page";
import { History } from "./History";
import type { VersionedRights } from "./rights";
import type { Version } from "../types";

export function HistoryPage({
  noun,
  path,
  name,
  crumbs,
  rights,
  versionsOf,
  restore,
}: {
  noun: string;
  /** The API path of the item. */
  path: string;
  /** How the heading names the item. */
  name: string;
  crumbs: Crumb[];
  rights: Pick<VersionedRights, "history" | "write">;
  versionsOf?(data: unknown): Version[];
  restore?(path: string, version: Version, current: Version): Promise<number>;
}) {
  return (
    <>
      <PageHeader title={`History of ${name}`} crumbs={crumbs} />
      {!rights.history.ok ? (
        <p className="notice">{rights.history.reason}: they are defined by Seizu, not edited here.</p>
      ) : (
        <History noun={noun} path={path} canRestore={rights.write.ok} restoreBlockedReason={rights.write.reason} versionsOf={versionsOf} restore={restore} />
      )}
    </>
  );
}
