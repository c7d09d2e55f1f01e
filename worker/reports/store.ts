// What D1 holds of a report besides its versions: access, the pin, its space, and the dashboard
// pointer (migrations/0002). Reads join the versioned head and history (the store's read hook,
// store/definition-reads.ts), and see only what the caller may: public reports and their own
// private ones. Writes that must respect an invariant
// carry it in their WHERE clause (or in a value that turns NULL), so a change that would break
// it writes nothing, however requests interleave; the table's CHECKs hold the same rules.
import type { AccessScope } from "./schemas";
import type { Db } from "../store/db";
import { DefinitionReads, type HookedRead } from "../store/definition-reads";

export const REPORT = "report";

export interface ReportRow {
  id: string;
  name: string;
  current_version: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  access: AccessScope;
  pinned: number;
  space_id: string | null;
  subspace_id: string | null;
}

export interface VersionRow extends ReportRow {
  version: number;
  body: string;
  author: string;
  saved_at: string;
  comment: string;
}

const HEAD = `d.id, json_extract(d.body, '$.name') AS name, d.version AS current_version, d.created_at, d.created_by, d.updated_at, d.updated_by,
  s.access, s.pinned, s.space_id, s.subspace_id`;
const VISIBLE = "s.access = 'public' OR d.created_by = ?";
const VERSION_COLUMNS = "v.version, v.body, v.author, v.created_at AS saved_at, v.comment";
const BY_NAME = "name COLLATE NOCASE, d.id";

/** SQL that is true when a (space, sub-space) pair names an existing space and one of its sub-spaces (or none). */
export const PAIRING_OK = (space: string, subspace: string) =>
  `((${space}) IS NULL OR EXISTS (SELECT 1 FROM spaces WHERE space_id = (${space}))) AND ((${subspace}) IS NULL OR EXISTS (SELECT 1 FROM subspaces WHERE subspace_id = (${subspace}) AND space_id = (${space})))`;

export class ReportStore {
  private readonly definitions: DefinitionReads;

  constructor(
    readonly db: Db,
    /** Whose private reports are visible. */
    private readonly caller: string,
  ) {
    this.definitions = new DefinitionReads(db);
  }

  /** Reports with their settings, whoever may see them. */
  private read<R>(read: Omit<HookedRead, "kinds" | "join">): Promise<R[]> {
    return this.definitions.hooked<R>({ kinds: [REPORT], join: "report_settings s ON s.report_id = d.id", ...read });
  }

  /** Reports with their settings, those the caller may see; `where` and `args` narrow them further. */
  private visible<R>({ where, args = [], ...read }: Omit<HookedRead, "kinds" | "join">): Promise<R[]> {
    return this.read<R>({ ...read, where: where ? `(${VISIBLE}) AND ${where}` : VISIBLE, args: [this.caller, ...args] });
  }

  async list(page = 1, perPage = 100): Promise<ReportRow[]> {
    return this.visible<ReportRow>({ columns: HEAD, orderBy: BY_NAME, limit: perPage, offset: (page - 1) * perPage });
  }

  /** Visible reports filed in a space, for its tree. */
  async inSpace(spaceId: string): Promise<ReportRow[]> {
    return this.visible<ReportRow>({ columns: HEAD, where: "s.space_id = ?", args: [spaceId], orderBy: BY_NAME });
  }

  async get(id: string): Promise<ReportRow | null> {
    const [row] = await this.visible<ReportRow>({ columns: HEAD, where: "d.id = ?", args: [id] });
    return row ?? null;
  }

  /** One version (the current one when `version` is undefined). */
  async version(id: string, version?: number): Promise<VersionRow | null> {
    const [row] = await this.visible<VersionRow>({
      columns: `${HEAD}, ${VERSION_COLUMNS}`,
      history: true,
      where: "d.id = ? AND v.version = COALESCE(?, d.version)",
      args: [id, version ?? null],
    });
    return row ?? null;
  }

  async versions(id: string): Promise<VersionRow[]> {
    return this.visible<VersionRow>({ columns: `${HEAD}, ${VERSION_COLUMNS}`, history: true, where: "d.id = ?", args: [id], orderBy: "v.version DESC" });
  }

  /**
   * The settings row of a new report. Its access turns NULL (violating NOT NULL, aborting the
   * batch it is part of) unless the space and sub-space it is filed into exist and belong together.
   */
  insertSettings(id: string, accessScope: AccessScope, spaceId: string | null, subspaceId: string | null): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT INTO report_settings (report_id, access, pinned, space_id, subspace_id) VALUES (?1, (SELECT ?2 WHERE ${PAIRING_OK("?3", "?4")}), 0, ?3, ?4)`,
      )
      .bind(id, accessScope, spaceId, subspaceId);
  }

  /** Makes a report private, unless it is pinned, the dashboard, or in a space. */
  async makePrivate(id: string): Promise<boolean> {
    const result = await this.db
      .prepare(
        `UPDATE report_settings SET access = 'private' WHERE report_id = ?1 AND pinned = 0 AND space_id IS NULL
           AND NOT EXISTS (SELECT 1 FROM dashboard_pointer WHERE report_id = ?1)`,
      )
      .bind(id)
      .run();
    return result.meta.changes > 0;
  }

  async makePublic(id: string): Promise<void> {
    await this.db.prepare("UPDATE report_settings SET access = 'public' WHERE report_id = ?").bind(id).run();
  }

  /** Pins (a public report only) or unpins. */
  async pin(id: string, pinned: boolean): Promise<boolean> {
    const result = await this.db
      .prepare("UPDATE report_settings SET pinned = ?2 WHERE report_id = ?1 AND (?2 = 0 OR access = 'public')")
      .bind(id, pinned ? 1 : 0)
      .run();
    return result.meta.changes > 0;
  }

  /**
   * Files a public report into a space (and sub-space), or takes it out of any (both null). A
   * space whose overview it was, and that it has now left, loses that overview in the same batch.
   */
  async file(id: string, spaceId: string | null, subspaceId: string | null): Promise<boolean> {
    const [filed] = await this.db.batch([
      this.db
        .prepare(
          `UPDATE report_settings SET space_id = ?2, subspace_id = ?3 WHERE report_id = ?1 AND (?2 IS NULL OR access = 'public') AND ${PAIRING_OK("?2", "?3")}`,
        )
        .bind(id, spaceId, subspaceId),
      this.db
        .prepare(
          "UPDATE spaces SET overview_report_id = NULL WHERE overview_report_id = ?1 AND space_id IS NOT (SELECT space_id FROM report_settings WHERE report_id = ?1)",
        )
        .bind(id),
    ]);
    return (filed?.meta.changes ?? 0) > 0;
  }

  /** Points the dashboard at a public report. */
  async setDashboard(id: string): Promise<boolean> {
    const result = await this.dashboardStatement(id).run();
    return result.meta.changes > 0;
  }

  /** The statement that points the dashboard at a report while it is public (no change otherwise). */
  dashboardStatement(id: string): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT INTO dashboard_pointer (singleton, report_id) SELECT 1, ?1 WHERE EXISTS (SELECT 1 FROM report_settings WHERE report_id = ?1 AND access = 'public')
         ON CONFLICT (singleton) DO UPDATE SET report_id = excluded.report_id`,
      )
      .bind(id);
  }

  /** Heads and settings of the given reports, whoever may see them (for an import to decide what it does). */
  async byIds(ids: string[]): Promise<(ReportRow & { body: string })[]> {
    if (ids.length === 0) return [];
    return this.read({ columns: `${HEAD}, d.body`, where: "d.id IN (SELECT value FROM json_each(?))", args: [JSON.stringify(ids)] });
  }

  /** Every public report with its config, for an export. */
  async publicConfigs(): Promise<{ id: string; body: string }[]> {
    return this.read({ columns: "d.id, d.body", where: "s.access = 'public'", orderBy: "d.id" });
  }

  /** The dashboard report's id, while it points at a public report. */
  async dashboardId(): Promise<string | undefined> {
    const row = await this.db
      .prepare("SELECT p.report_id FROM dashboard_pointer p JOIN report_settings s ON s.report_id = p.report_id WHERE s.access = 'public'")
      .first<{ report_id: string }>();
    return row?.report_id;
  }

  async isDashboard(id: string): Promise<boolean> {
    return (await this.db.prepare("SELECT 1 AS found FROM dashboard_pointer WHERE report_id = ?").bind(id).first()) !== null;
  }

  /** What goes with a report's deletion: its settings, the dashboard pointer and overviews that name it. */
  deleteStatements(id: string): D1PreparedStatement[] {
    return [
      this.db.prepare("DELETE FROM report_settings WHERE report_id = ?").bind(id),
      this.db.prepare("DELETE FROM dashboard_pointer WHERE report_id = ?").bind(id),
      this.db.prepare("UPDATE spaces SET overview_report_id = NULL WHERE overview_report_id = ?").bind(id),
    ];
  }
}
