// Whether a (space, sub-space) pair names somewhere a report can be filed: a sub-space needs a
// space, both must exist, and the sub-space must belong to that space (400 otherwise, as upstream).
// A rule of reports (where one may be filed), so it lives here: spaces list reports, not the reverse.
import { BadRequestError } from "../errors/domain";
import type { Db } from "../store/db";

export async function checkPairing(db: Db, spaceId: string | null, subspaceId: string | null): Promise<void> {
  if (subspaceId && !spaceId) throw new BadRequestError(`subspace_id ${subspaceId} needs a space_id: a sub-space belongs to a space`);
  if (!spaceId) return;
  const found = await db
    .prepare("SELECT (SELECT 1 FROM spaces WHERE space_id = ?1) AS space, (SELECT space_id FROM subspaces WHERE subspace_id = ?2) AS parent")
    .bind(spaceId, subspaceId)
    .first<{ space: number | null; parent: string | null }>();
  if (!found?.space) throw new BadRequestError(`space ${spaceId} does not exist`);
  if (!subspaceId) return;
  if (found.parent === null) throw new BadRequestError(`sub-space ${subspaceId} does not exist`);
  if (found.parent !== spaceId) throw new BadRequestError(`sub-space ${subspaceId} belongs to space ${found.parent}, not ${spaceId}`);
}
