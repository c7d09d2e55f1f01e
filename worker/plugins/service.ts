// Agent Plugins: install a new plugin from a package, publish a new immutable revision of one
// (from the revision it replaces), restore an old revision's content as a new revision, switch
// plugins and their skills on and off (no revision), read files and download packages. Blobs
// go to R2 before the D1 index points at them.
import { ConflictError, NotFoundError, ValidationError } from "../errors/domain";
import { SKILLSET } from "../skillsets/resources";
import { BlobStore } from "./blobs";
import { decodePackage, type PluginPackage, readPackage, splitFrontmatter } from "./package";
import { SEIZU_EXTENSION } from "./schemas";
import { PluginStore, type RevisionContent } from "./store";
import { pluginSkillView, pluginView, revisionView } from "./views";
import { sha256Hex } from "../digest";
import type { Db } from "../store/db";

export interface PluginDeps {
  db: Db;
  bucket: R2Bucket;
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

export class PluginService {
  private readonly store: PluginStore;
  private readonly blobs: BlobStore;

  constructor(private readonly deps: PluginDeps) {
    this.store = new PluginStore(deps.db);
    this.blobs = new BlobStore(deps.bucket);
  }

  /** The package read and checked, and what would be installed; nothing is written. */
  async validate(base64: string) {
    const pkg = await readPackage(decodePackage(base64));
    return {
      valid: true as const,
      plugin_id: pkg.id,
      name: pkg.manifest.name,
      package_version: pkg.manifest.version ?? null,
      content_digest: pkg.contentDigest,
      skills: pkg.skills.map((skill) => skill.name),
      files: pkg.files,
    };
  }

  /** The package's files and the zip itself stored in R2, and the revision that points at them. */
  private async storeBlobs(zip: Uint8Array, pkg: PluginPackage): Promise<RevisionContent> {
    const packageDigest = await sha256Hex(zip as Uint8Array<ArrayBuffer>);
    await this.blobs.putAll(new Map([...pkg.blobs, [packageDigest, zip]]));
    const { manifest, files, skills, contentDigest } = pkg;
    return { manifest, files, skills, contentDigest, packageDigest, packageSize: zip.byteLength };
  }

  async install(base64: string, comment: string | undefined, author: string) {
    return this.installZip(decodePackage(base64), comment, author);
  }

  /** Installs a zip as sent (the raw upload route, plugins/upload.ts, or decoded base64). */
  async installZip(zip: Uint8Array, comment: string | undefined, author: string) {
    const pkg = await readPackage(zip);
    // Plugin skills and skillset skills are both prompts {id}__{skill}: one namespace of ids.
    const skillset = await this.deps.db
      .prepare("SELECT 1 AS found FROM definitions WHERE kind = ? AND parent_id = '' AND id = ?")
      .bind(SKILLSET, pkg.id)
      .first();
    if (skillset) throw new ConflictError(`skillset ${pkg.id} exists: a plugin may not take a skillset's id, as both name prompts {id}__{skill}`);
    if (await this.store.get(pkg.id)) throw new ConflictError(`plugin ${pkg.id} already exists: publish a new revision of it (with base_revision) instead`);
    await this.store.create(pkg.id, await this.storeBlobs(zip, pkg), author, comment ?? "");
    return pluginView(await this.store.require(pkg.id));
  }

  async publish(id: string, base64: string, baseRevision: number, comment: string | undefined, author: string) {
    return this.publishZip(id, decodePackage(base64), baseRevision, comment, author);
  }

  async publishZip(id: string, zip: Uint8Array, baseRevision: number, comment: string | undefined, author: string) {
    const current = await this.store.require(id);
    const pkg = await readPackage(zip);
    if (pkg.id !== id) {
      throw new ValidationError([
        {
          field: `plugin.json:extensions.${SEIZU_EXTENSION}.skillsetId`,
          rule: "id_mismatch",
          message: `is ${pkg.id}; a package published to plugin ${id} must carry its id`,
        },
      ]);
    }
    if (baseRevision !== current.revision) this.stale(id, current.revision, baseRevision);
    // The same content again is no new revision.
    if (pkg.contentDigest === current.current.contentDigest) return pluginView(current);
    await this.store.publish(id, baseRevision, await this.storeBlobs(zip, pkg), author, comment ?? "");
    return pluginView(await this.store.require(id));
  }

  async restore(id: string, revision: number, baseRevision: number, comment: string | undefined, author: string) {
    const old = await this.store.revision(id, revision);
    await this.store.publish(id, baseRevision, old, author, comment ?? `Restored from revision ${revision}`);
    return pluginView(await this.store.require(id));
  }

  private stale(id: string, current: number, base: number): never {
    throw new ConflictError(`plugin ${id} is at revision ${current}; this change was based on revision ${base}. Reload it and try again.`);
  }

  async list() {
    return (await this.store.list()).map(pluginView);
  }

  async get(id: string) {
    return pluginView(await this.store.require(id));
  }

  async setEnabled(id: string, enabled: boolean, author: string) {
    await this.store.setEnabled(id, enabled, author);
    return pluginView(await this.store.require(id));
  }

  async skills(id: string) {
    return (await this.get(id)).skills;
  }

  private async currentSkill(id: string, name: string) {
    const head = await this.store.require(id);
    const skill = head.current.skills.find((candidate) => candidate.name === name);
    if (!skill) throw new NotFoundError(`plugin ${id} has no skill ${name} in its current revision ${head.revision}`);
    return { head, skill };
  }

  /** A skill with its SKILL.md: the whole file, and the markdown after its frontmatter. */
  async skill(id: string, name: string) {
    const { head, skill } = await this.currentSkill(id, name);
    const content = new TextDecoder().decode(await this.blobs.get(skill.digest));
    return { ...pluginSkillView(id, skill, !head.disabledSkills.has(name)), content, body: splitFrontmatter(content)?.body ?? content };
  }

  async setSkillEnabled(id: string, name: string, enabled: boolean) {
    await this.currentSkill(id, name);
    await this.store.setSkillEnabled(id, name, enabled);
    return this.skill(id, name);
  }

  async delete(id: string) {
    await this.store.delete(id);
  }

  async revisions(id: string) {
    return (await this.store.revisions(id)).map(revisionView);
  }

  async files(id: string, revision: number) {
    return (await this.store.revision(id, revision)).files;
  }

  async download(id: string, revision: number) {
    const entry = await this.store.revision(id, revision);
    return {
      revision,
      package_digest: entry.packageDigest,
      package_size: entry.packageSize,
      package_base64: base64Of(await this.blobs.get(entry.packageDigest)),
    };
  }
}
