// The D1 index of Agent Plugins: a head row per plugin (enabled, current revision) and an
// immutable row per revision (manifest, file list, skill index, digests). A publish names the
// revision it replaces; the new revision's row is selected only while the head is still at
// that revision (NULL otherwise, violating NOT NULL) and its primary key refuses a second
// writer, so a stale publish writes nothing and of concurrent ones exactly one wins.
//
// Plugin ids and skillset ids are one namespace (both name prompts {id}__{skill}). The first
// revision's row is selected only while no skillset has the id, and a skillset's head only
// while no plugin has it (skillsets/resources.ts); each check runs in the writing transaction,
// and D1 runs one transaction at a time, so of a racing plugin and skillset of one id only the
// first is written. Ids that collided before this rule existed are not repaired.
import { ConflictError, NotFoundError } from "../errors/domain";
import { SKILLSET } from "../skillsets/resources";
import { DefinitionReads, headExists } from "../store/definition-reads";
import { isConstraintFailure } from "../store/versioned-store";
import type { Manifest } from "./schemas";
import type { PackageFile, PackageSkill } from "./package";
import type { Db } from "../store/db";

/** What a revision holds, as written. */
export interface RevisionContent {
  manifest: Manifest;
  files: PackageFile[];
  skills: PackageSkill[];
  contentDigest: string;
  packageDigest: string;
  packageSize: number;
}

export interface Revision extends RevisionContent {
  revision: number;
  author: string;
  createdAt: string;
  comment: string;
}

export interface PluginHead {
  id: string;
  enabled: boolean;
  revision: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  current: Revision;
  /** Skill names a person switched off. */
  disabledSkills: Set<string>;
}

interface RevisionRow {
  revision: number;
  manifest: string;
  files: string;
  skills: string;
  content_digest: string;
  package_digest: string;
  package_size: number;
  author: string;
  created_at: string;
  comment: string;
}

interface HeadRow extends RevisionRow {
  id: string;
  enabled: number;
  created_by: string;
  updated_at: string;
  updated_by: string;
  head_created_at: string;
  disabled: string | null;
}

export const pluginExists = (id: string) => new ConflictError(`plugin ${id} already exists: publish a new revision of it (with base_revision) instead`);
export const skillsetHasId = (id: string) =>
  new ConflictError(`plugin ${id} cannot be installed: skillset ${id} exists with that id, and both name prompts {id}__{skill}`);

const REVISION_COLUMNS = "r.revision, r.manifest, r.files, r.skills, r.content_digest, r.package_digest, r.package_size, r.author, r.created_at, r.comment";
const HEADS = `
  SELECT p.id, p.enabled, p.created_at AS head_created_at, p.created_by, p.updated_at, p.updated_by, ${REVISION_COLUMNS},
    (SELECT json_group_array(s.name) FROM plugin_skill_settings s WHERE s.plugin_id = p.id AND s.enabled = 0) AS disabled
  FROM plugins p JOIN plugin_revisions r ON r.plugin_id = p.id AND r.revision = p.revision`;

function revisionOf(row: RevisionRow): Revision {
  return {
    revision: row.revision,
    manifest: JSON.parse(row.manifest) as Manifest,
    files: JSON.parse(row.files) as PackageFile[],
    skills: JSON.parse(row.skills) as PackageSkill[],
    contentDigest: row.content_digest,
    packageDigest: row.package_digest,
    packageSize: row.package_size,
    author: row.author,
    createdAt: row.created_at,
    comment: row.comment,
  };
}

function headOf(row: HeadRow): PluginHead {
  return {
    id: row.id,
    enabled: row.enabled === 1,
    revision: row.revision,
    createdAt: row.head_created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    current: revisionOf(row),
    disabledSkills: new Set(JSON.parse(row.disabled ?? "[]") as string[]),
  };
}

export class PluginStore {
  constructor(private readonly db: Db) {}

  async list(): Promise<PluginHead[]> {
    const { results } = await this.db.prepare(`${HEADS} ORDER BY p.id`).all<HeadRow>();
    return results.map(headOf);
  }

  /** Enabled plugins only: the ones whose skills are served as prompts. */
  async listEnabled(): Promise<PluginHead[]> {
    const { results } = await this.db.prepare(`${HEADS} WHERE p.enabled = 1 ORDER BY p.id`).all<HeadRow>();
    return results.map(headOf);
  }

  async get(id: string): Promise<PluginHead | undefined> {
    const row = await this.db.prepare(`${HEADS} WHERE p.id = ?`).bind(id).first<HeadRow>();
    return row ? headOf(row) : undefined;
  }

  async require(id: string): Promise<PluginHead> {
    const head = await this.get(id);
    if (!head) throw new NotFoundError(`plugin ${id} does not exist`);
    return head;
  }

  async revisions(id: string): Promise<Revision[]> {
    await this.require(id);
    const { results } = await this.db
      .prepare(`SELECT ${REVISION_COLUMNS} FROM plugin_revisions r WHERE r.plugin_id = ? ORDER BY r.revision DESC`)
      .bind(id)
      .all<RevisionRow>();
    return results.map(revisionOf);
  }

  async revision(id: string, revision: number): Promise<Revision> {
    const row = await this.db
      .prepare(`SELECT ${REVISION_COLUMNS} FROM plugin_revisions r WHERE r.plugin_id = ? AND r.revision = ?`)
      .bind(id, revision)
      .first<RevisionRow>();
    if (!row) {
      await this.require(id);
      throw new NotFoundError(`plugin ${id} has no revision ${revision}`);
    }
    return revisionOf(row);
  }

  /** Whether a skillset has this id (see the namespace rule above). */
  async skillsetHas(id: string): Promise<boolean> {
    return (await new DefinitionReads(this.db).existing([SKILLSET], [{ parentId: "", id }])).length > 0;
  }

  /** A new plugin at revision 1; 409 when a plugin or a skillset has the id. */
  async create(id: string, content: RevisionContent, author: string, comment: string): Promise<void> {
    const now = new Date().toISOString();
    // The manifest is selected only while no skillset has the id: NULL otherwise, and the batch fails.
    const skillset = headExists(SKILLSET, id);
    const guarded = `(SELECT ? WHERE NOT ${skillset.sql})`;
    try {
      await this.db.batch([
        this.db
          .prepare("INSERT INTO plugins (id, enabled, revision, created_at, created_by, updated_at, updated_by) VALUES (?, 1, 1, ?, ?, ?, ?)")
          .bind(id, now, author, now, author),
        this.insertRevision(id, 1, content, author, now, comment, guarded, skillset.args),
      ]);
    } catch (error) {
      if (!isConstraintFailure(error)) throw error;
      if (await this.get(id)) throw pluginExists(id);
      if (await this.skillsetHas(id)) throw skillsetHasId(id);
      throw error;
    }
  }

  /** The next revision after `baseRevision`; 409 when the plugin has moved on since. */
  async publish(id: string, baseRevision: number, content: RevisionContent, author: string, comment: string): Promise<void> {
    const now = new Date().toISOString();
    // The manifest is selected only while the head is at baseRevision: NULL otherwise, and the batch fails.
    const guarded = "(SELECT ? FROM plugins WHERE id = ? AND revision = ?)";
    try {
      await this.db.batch([
        this.insertRevision(id, baseRevision + 1, content, author, now, comment, guarded, [id, baseRevision]),
        this.db
          .prepare("UPDATE plugins SET revision = revision + 1, updated_at = ?, updated_by = ? WHERE id = ? AND revision = ?")
          .bind(now, author, id, baseRevision),
      ]);
    } catch (error) {
      if (!isConstraintFailure(error)) throw error;
      const current = await this.require(id);
      throw new ConflictError(
        `plugin ${id} is at revision ${current.revision}; this publish was based on revision ${baseRevision}. Reload it and publish again.`,
      );
    }
  }

  private insertRevision(
    id: string,
    revision: number,
    content: RevisionContent,
    author: string,
    now: string,
    comment: string,
    manifestExpression: string,
    guardArgs: unknown[],
  ) {
    return this.db
      .prepare(
        `INSERT INTO plugin_revisions (plugin_id, revision, manifest, files, skills, content_digest, package_digest, package_size, author, created_at, comment)
         VALUES (?, ?, ${manifestExpression}, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        revision,
        JSON.stringify(content.manifest),
        ...guardArgs,
        JSON.stringify(content.files),
        JSON.stringify(content.skills),
        content.contentDigest,
        content.packageDigest,
        content.packageSize,
        author,
        now,
        comment,
      );
  }

  /** Enabling or disabling creates no revision. */
  async setEnabled(id: string, enabled: boolean, author: string): Promise<void> {
    const result = await this.db
      .prepare("UPDATE plugins SET enabled = ?, updated_at = ?, updated_by = ? WHERE id = ?")
      .bind(enabled ? 1 : 0, new Date().toISOString(), author, id)
      .run();
    if (result.meta.changes === 0) throw new NotFoundError(`plugin ${id} does not exist`);
  }

  async setSkillEnabled(id: string, name: string, enabled: boolean): Promise<void> {
    await this.db
      .prepare(
        "INSERT INTO plugin_skill_settings (plugin_id, name, enabled) VALUES (?, ?, ?) ON CONFLICT (plugin_id, name) DO UPDATE SET enabled = excluded.enabled",
      )
      .bind(id, name, enabled ? 1 : 0)
      .run();
  }

  /** Those of the blob digests that no revision refers to, as one of its files or as its package. */
  async unreferenced(digests: string[]): Promise<string[]> {
    if (digests.length === 0) return [];
    const { results } = await this.db
      .prepare(
        `SELECT d.value AS digest FROM json_each(?) d
         WHERE NOT EXISTS (SELECT 1 FROM plugin_revisions r WHERE r.package_digest = d.value)
           AND NOT EXISTS (SELECT 1 FROM plugin_revisions r, json_each(r.files) f WHERE json_extract(f.value, '$.digest') = d.value)`,
      )
      .bind(JSON.stringify(digests))
      .all<{ digest: string }>();
    return results.map((row) => row.digest);
  }

  /** Removes the plugin, every revision and its skill settings (blobs may be shared and stay in R2). */
  async delete(id: string): Promise<void> {
    const [deleted] = await this.db.batch([
      this.db.prepare("DELETE FROM plugins WHERE id = ?").bind(id),
      this.db.prepare("DELETE FROM plugin_revisions WHERE plugin_id = ?").bind(id),
      this.db.prepare("DELETE FROM plugin_skill_settings WHERE plugin_id = ?").bind(id),
    ]);
    if (deleted?.meta.changes === 0) throw new NotFoundError(`plugin ${id} does not exist`);
  }
}
