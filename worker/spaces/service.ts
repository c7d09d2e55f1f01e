// Spaces and sub-spaces, as upstream Seizu's services/spaces.py, over D1 (migrations/0002).
// Rules, each carried by the statement that writes so concurrent requests cannot break them:
// - names are trimmed and not blank; a duplicate name is 409 (exact match; per space for
//   sub-spaces);
// - a space's overview is a report filed in that space (400); it is cleared when the report
//   leaves the space or is deleted, so it never dangles;
// - a space that still holds any report cannot be deleted (409); deleting a space removes its
//   sub-spaces, never reports; deleting a sub-space leaves its reports in the space, ungrouped.
import { BadRequestError, ConflictError, NotFoundError } from "../errors/domain";
import { ReportStore } from "../reports/store";
import { listItem } from "../reports/views";
import type { SpaceInput, SpaceView, SubspaceView } from "./schemas";
import type { Db } from "../store/db";

const SPACE_COLUMNS = "space_id, name, description, overview_report_id, created_at, created_by, updated_at, updated_by";
const SUBSPACE_COLUMNS = "subspace_id, space_id, name, created_at, created_by, updated_at, updated_by";

const spaceMissing = (id: string) => new NotFoundError(`space ${id} does not exist`);
const subspaceMissing = (spaceId: string, id: string) => new NotFoundError(`sub-space ${id} does not exist in space ${spaceId}`);

export class SpaceService {
  constructor(
    private readonly db: Db,
    private readonly caller: string,
  ) {}

  async list(): Promise<SpaceView[]> {
    const { results } = await this.db.prepare(`SELECT ${SPACE_COLUMNS} FROM spaces ORDER BY name, space_id`).all<SpaceView>();
    return results;
  }

  async get(id: string): Promise<SpaceView> {
    const space = await this.db.prepare(`SELECT ${SPACE_COLUMNS} FROM spaces WHERE space_id = ?`).bind(id).first<SpaceView>();
    if (!space) throw spaceMissing(id);
    return space;
  }

  async subspaces(spaceId: string): Promise<SubspaceView[]> {
    await this.get(spaceId);
    const { results } = await this.db
      .prepare(`SELECT ${SUBSPACE_COLUMNS} FROM subspaces WHERE space_id = ? ORDER BY name, subspace_id`)
      .bind(spaceId)
      .all<SubspaceView>();
    return results;
  }

  /** The space, its sub-spaces and the reports filed in it (public, as every report in a space is). */
  async tree(spaceId: string) {
    const [space, subspaces, reports] = await Promise.all([this.get(spaceId), this.subspaces(spaceId), new ReportStore(this.db, this.caller).inSpace(spaceId)]);
    return {
      space,
      subspaces,
      reports: reports.map(listItem),
    };
  }

  async create({ name, description }: SpaceInput): Promise<SpaceView> {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const trimmed = name.trim();
    const result = await this.db
      .prepare(`INSERT INTO spaces (${SPACE_COLUMNS}) SELECT ?1, ?2, ?3, NULL, ?4, ?5, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM spaces WHERE name = ?2)`)
      .bind(id, trimmed, description, now, this.caller)
      .run();
    if (result.meta.changes === 0) throw new ConflictError(`A space named ${trimmed} already exists`);
    return this.get(id);
  }

  async update(id: string, { name, description }: SpaceInput): Promise<SpaceView> {
    const trimmed = name.trim();
    const result = await this.db
      .prepare(
        "UPDATE spaces SET name = ?2, description = ?3, updated_at = ?4, updated_by = ?5 WHERE space_id = ?1 AND NOT EXISTS (SELECT 1 FROM spaces WHERE name = ?2 AND space_id != ?1)",
      )
      .bind(id, trimmed, description, new Date().toISOString(), this.caller)
      .run();
    if (result.meta.changes === 0) {
      await this.get(id);
      throw new ConflictError(`A space named ${trimmed} already exists`);
    }
    return this.get(id);
  }

  /** Sets (or with null clears) the overview: a report filed in this space. */
  async setOverview(id: string, reportId: string | null): Promise<SpaceView> {
    const result = await this.db
      .prepare(
        `UPDATE spaces SET overview_report_id = ?2, updated_at = ?3, updated_by = ?4 WHERE space_id = ?1
           AND (?2 IS NULL OR EXISTS (SELECT 1 FROM report_settings WHERE report_id = ?2 AND space_id = ?1))`,
      )
      .bind(id, reportId, new Date().toISOString(), this.caller)
      .run();
    if (result.meta.changes === 0) {
      await this.get(id);
      throw new BadRequestError(`report ${reportId} is not filed in space ${id}; only a report in the space can be its overview`);
    }
    return this.get(id);
  }

  /** Deletes an empty space and its sub-spaces; 409 while any report is filed in it. */
  async delete(id: string): Promise<void> {
    const [deleted] = await this.db.batch([
      this.db.prepare("DELETE FROM spaces WHERE space_id = ?1 AND NOT EXISTS (SELECT 1 FROM report_settings WHERE space_id = ?1)").bind(id),
      this.db.prepare("DELETE FROM subspaces WHERE space_id = ?1 AND NOT EXISTS (SELECT 1 FROM spaces WHERE space_id = ?1)").bind(id),
    ]);
    if (deleted?.meta.changes) return;
    await this.get(id);
    throw new ConflictError(`space ${id} still holds reports; move or delete them first`);
  }

  async createSubspace(spaceId: string, name: string): Promise<SubspaceView> {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const trimmed = name.trim();
    const result = await this.db
      .prepare(
        `INSERT INTO subspaces (${SUBSPACE_COLUMNS}) SELECT ?1, ?2, ?3, ?4, ?5, ?4, ?5
           WHERE EXISTS (SELECT 1 FROM spaces WHERE space_id = ?2) AND NOT EXISTS (SELECT 1 FROM subspaces WHERE space_id = ?2 AND name = ?3)`,
      )
      .bind(id, spaceId, trimmed, now, this.caller)
      .run();
    if (result.meta.changes === 0) {
      await this.get(spaceId);
      throw new ConflictError(`space ${spaceId} already has a sub-space named ${trimmed}`);
    }
    return this.subspace(spaceId, id);
  }

  async updateSubspace(spaceId: string, id: string, name: string): Promise<SubspaceView> {
    const trimmed = name.trim();
    const result = await this.db
      .prepare(
        `UPDATE subspaces SET name = ?3, updated_at = ?4, updated_by = ?5 WHERE subspace_id = ?1 AND space_id = ?2
           AND NOT EXISTS (SELECT 1 FROM subspaces WHERE space_id = ?2 AND name = ?3 AND subspace_id != ?1)`,
      )
      .bind(id, spaceId, trimmed, new Date().toISOString(), this.caller)
      .run();
    if (result.meta.changes === 0) {
      await this.subspace(spaceId, id);
      throw new ConflictError(`space ${spaceId} already has a sub-space named ${trimmed}`);
    }
    return this.subspace(spaceId, id);
  }

  /** Deletes a sub-space; its reports stay in the space, ungrouped. */
  async deleteSubspace(spaceId: string, id: string): Promise<void> {
    const [deleted] = await this.db.batch([
      this.db.prepare("DELETE FROM subspaces WHERE subspace_id = ? AND space_id = ?").bind(id, spaceId),
      this.db.prepare("UPDATE report_settings SET subspace_id = NULL WHERE subspace_id = ? AND space_id = ?").bind(id, spaceId),
    ]);
    if (!deleted?.meta.changes) {
      await this.get(spaceId);
      throw subspaceMissing(spaceId, id);
    }
  }

  private async subspace(spaceId: string, id: string): Promise<SubspaceView> {
    const row = await this.db
      .prepare(`SELECT ${SUBSPACE_COLUMNS} FROM subspaces WHERE subspace_id = ? AND space_id = ?`)
      .bind(id, spaceId)
      .first<SubspaceView>();
    if (!row) {
      await this.get(spaceId);
      throw subspaceMissing(spaceId, id);
    }
    return row;
  }
}
