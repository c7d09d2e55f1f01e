// Agent Plugins: install a new plugin from a package, publish a new immutable revision of one
// (from the revision it replaces), restore an old revision's content as a new revision, switch
// plugins and their skills on and off (no revision), read files and download packages. A
// package is read and checked whole before anything is written; its blobs then go to R2 before
// the D1 index points at them. MCP server configuration is shown only to callers who may
// change plugins (server-config.ts).
import { ForbiddenError } from "../auth/errors";
import type { Permission } from "../auth/permissions";
import { ConflictError, NotFoundError, ValidationError } from "../errors/domain";
import { BlobStore } from "./blobs";
import { zipSync, strToU8 } from "fflate";
import { decodePackage, type PluginPackage, readPackage, splitFrontmatter } from "./package";
import { type createInput, type PackageSource, SEIZU_EXTENSION } from "./schemas";
import { stagedZip } from "./staged";
import { carriesServerConfig, mayReadServerConfig, SERVER_CONFIG_PERMISSION } from "./server-config";
import { pluginExists, type PluginHead, PluginStore, type RevisionContent, skillsetHasId } from "./store";
import { fileContentView, filesView, pluginSkillView, pluginView, revisionView } from "./views";
import { sha256Hex } from "../digest";
import type { Db } from "../store/db";
import type { z } from "zod";

export interface PluginDeps {
  db: Db;
  bucket: R2Bucket;
  /** The caller's permissions: they decide whether MCP server configuration is shown. */
  permissions: ReadonlySet<Permission>;
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

const idMismatch = (id: string, pkg: PluginPackage) =>
  new ValidationError([
    {
      field: pkg.idField,
      rule: "id_mismatch",
      message: pkg.idField.endsWith(":name")
        ? `gives the plugin id ${pkg.id}; a package published to plugin ${id} must carry its id (as extensions."${SEIZU_EXTENSION}".skillsetId, or a name it derives from)`
        : `is ${pkg.id}; a package published to plugin ${id} must carry its id`,
    },
  ]);

export class PluginService {
  private readonly store: PluginStore;
  private readonly blobs: BlobStore;
  private readonly serverConfig: boolean;

  constructor(deps: PluginDeps) {
    this.store = new PluginStore(deps.db);
    this.blobs = new BlobStore(deps.bucket);
    this.serverConfig = mayReadServerConfig(deps.permissions);
  }

  private view(head: PluginHead) {
    return pluginView(head, this.serverConfig);
  }

  /** The package read and checked, and what would be installed; nothing is written. */
  async validate(base64: string) {
    return this.validateZip(decodePackage(base64));
  }

  async validateZip(zip: Uint8Array) {
    return this.validation(await readPackage(zip));
  }

  /**
   * Checks a package as a next revision of plugin `id` would be checked (upstream's
   * POST /plugins/{id}/validate): whole or staged as files of this plugin, carrying its id.
   */
  async validateFor(id: string, source: PackageSource) {
    await this.store.require(id);
    const pkg = await readPackage(await this.zipOf(id, source));
    if (pkg.id !== id) throw idMismatch(id, pkg);
    return this.validation(pkg);
  }

  /**
   * The zip a publish or validation sends: package_base64, or the staged files with digests
   * looked up among this plugin's own files (staged.ts). Exactly one of the two.
   */
  private async zipOf(id: string, source: PackageSource): Promise<Uint8Array> {
    if ((source.package_base64 === undefined) === (source.files === undefined))
      throw new ValidationError([{ field: "package_base64", rule: "one_source", message: "send the package as package_base64 or as files, one of them" }]);
    if (source.package_base64 !== undefined) return decodePackage(source.package_base64);
    const held = new Set((await this.store.revisions(id)).flatMap((revision) => revision.files.map((file) => file.digest)));
    return stagedZip(source.files as NonNullable<PackageSource["files"]>, async (digest) => (held.has(digest) ? this.blobs.get(digest) : undefined));
  }

  private validation(pkg: PluginPackage) {
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

  /**
   * Stores the package's files and the zip itself in R2, then writes the revision that points at
   * them with `index`. When anything fails once a blob is written (a lost race, D1), the blobs
   * this call wrote that no revision references are deleted again. A lost race of two publishes
   * of one plugin is safe: the loser fails because the winner's revision is written, so the
   * check sees it. What is not covered: another plugin's publish that shares a file new to R2,
   * found it stored (so did not write it) and writes its index between this check and the
   * delete would point at a deleted blob.
   */
  private async withBlobs(zip: Uint8Array, pkg: PluginPackage, index: (content: RevisionContent) => Promise<void>): Promise<void> {
    const packageDigest = await sha256Hex(zip as Uint8Array<ArrayBuffer>);
    const written: string[] = [];
    try {
      await this.blobs.putAll(new Map([...pkg.blobs, [packageDigest, zip]]), written);
      const { manifest, files, skills, contentDigest } = pkg;
      await index({ manifest, files, skills, contentDigest, packageDigest, packageSize: zip.byteLength });
    } catch (error) {
      await this.deleteOrphans(written);
      throw error;
    }
  }

  private async deleteOrphans(written: string[]): Promise<void> {
    try {
      await this.blobs.deleteAll(await this.store.unreferenced(written));
    } catch (error) {
      // The publish's own failure is the answer; orphans left behind are only storage.
      console.error(`plugins: the blobs of a failed publish could not be deleted (${written.join(", ")}):`, error);
    }
  }

  async install(base64: string, comment: string | undefined, author: string) {
    return this.installZip(decodePackage(base64), comment, author);
  }

  /**
   * Installs a zip as sent (the raw upload route, plugins/upload.ts, or decoded base64). The
   * package of an installed plugin is its next revision, as upstream Seizu's install makes it:
   * written from the revision read here, so a publish landing in between is a 409, not lost.
   */
  async installZip(zip: Uint8Array, comment: string | undefined, author: string) {
    const pkg = await readPackage(zip);
    const installed = await this.store.get(pkg.id);
    if (installed) return this.publishPackage(installed, zip, pkg, installed.revision, comment, author);
    return this.createFrom(zip, pkg, comment, author);
  }

  /** Writes a new plugin at revision 1; the store refuses an id taken meanwhile with 409. */
  private async createFrom(zip: Uint8Array, pkg: PluginPackage, comment: string | undefined, author: string) {
    // Checked here so that no blob is written for a skillset's id; the write checks again (store.ts).
    if (await this.store.skillsetHas(pkg.id)) throw skillsetHasId(pkg.id);
    await this.withBlobs(zip, pkg, (content) => this.store.create(pkg.id, content, author, comment ?? ""));
    return this.view(await this.store.require(pkg.id));
  }

  /**
   * Upstream Seizu's POST /plugins: a new plugin whose package is a plugin.json alone, skills to
   * come in later revisions.
   */
  async create(input: z.output<typeof createInput>, author: string) {
    const manifest = {
      name: input.name,
      version: input.version,
      description: input.description,
      extensions: { [SEIZU_EXTENSION]: { skillsetId: input.plugin_id } },
    };
    // Unlike an install, upstream's create refuses a taken id.
    if (await this.store.get(input.plugin_id)) throw pluginExists(input.plugin_id);
    const zip = zipSync({ "plugin.json": strToU8(JSON.stringify(manifest, null, 2)) });
    return this.createFrom(zip, await readPackage(zip), input.comment, author);
  }

  async publish(id: string, source: PackageSource, baseRevision: number, comment: string | undefined, author: string) {
    return this.publishZip(id, await this.zipOf(id, source), baseRevision, comment, author);
  }

  async publishZip(id: string, zip: Uint8Array, baseRevision: number, comment: string | undefined, author: string) {
    const current = await this.store.require(id);
    const pkg = await readPackage(zip);
    if (pkg.id !== id) throw idMismatch(id, pkg);
    return this.publishPackage(current, zip, pkg, baseRevision, comment, author);
  }

  private async publishPackage(current: PluginHead, zip: Uint8Array, pkg: PluginPackage, baseRevision: number, comment: string | undefined, author: string) {
    if (baseRevision !== current.revision) this.stale(current.id, current.revision, baseRevision);
    // The same content again is no new revision.
    if (pkg.contentDigest === current.current.contentDigest) return this.view(current);
    await this.withBlobs(zip, pkg, (content) => this.store.publish(current.id, baseRevision, content, author, comment ?? ""));
    return this.view(await this.store.require(current.id));
  }

  async restore(id: string, revision: number, baseRevision: number, comment: string | undefined, author: string) {
    const old = await this.store.revision(id, revision);
    await this.store.publish(id, baseRevision, old, author, comment ?? `Restored from revision ${revision}`);
    return this.view(await this.store.require(id));
  }

  private stale(id: string, current: number, base: number): never {
    throw new ConflictError(`plugin ${id} is at revision ${current}; this change was based on revision ${base}. Reload it and try again.`);
  }

  async list() {
    return (await this.store.list()).map((head) => this.view(head));
  }

  async get(id: string) {
    return this.view(await this.store.require(id));
  }

  async setEnabled(id: string, enabled: boolean, author: string) {
    await this.store.setEnabled(id, enabled, author);
    return this.view(await this.store.require(id));
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
    return (await this.store.revisions(id)).map((revision) => revisionView(revision, this.serverConfig));
  }

  async revision(id: string, revision: number) {
    return revisionView(await this.store.revision(id, revision), this.serverConfig);
  }

  /** The skills a revision declared, with the plugin's enabled flags (kept across revisions). */
  async revisionSkills(id: string, revision: number) {
    const [head, entry] = await Promise.all([this.store.require(id), this.store.revision(id, revision)]);
    return entry.skills.map((skill) => pluginSkillView(id, skill, !head.disabledSkills.has(skill.name)));
  }

  /** One file of a revision, as upstream Seizu serves it; MCP server configuration only to those who may see it. */
  async file(id: string, revision: number, path: string) {
    const file = filesView((await this.store.revision(id, revision)).files, this.serverConfig).find((candidate) => candidate.path === path);
    if (!file) throw new NotFoundError(`revision ${revision} of plugin ${id} has no file ${path}`);
    return fileContentView(file, base64Of(await this.blobs.get(file.digest)));
  }

  async currentRevision(id: string) {
    return (await this.store.require(id)).revision;
  }

  async files(id: string, revision: number) {
    return filesView((await this.store.revision(id, revision)).files, this.serverConfig);
  }

  /** A revision's zip, refused to whoever may not see the MCP server configuration it holds. */
  async package(id: string, revision: number) {
    const entry = await this.store.revision(id, revision);
    if (!this.serverConfig && carriesServerConfig(entry))
      throw new ForbiddenError(
        SERVER_CONFIG_PERMISSION,
        `Revision ${revision} of plugin ${id} holds MCP server configuration (mcp.json or mcpServers); downloading it`,
      );
    return { entry, zip: await this.blobs.get(entry.packageDigest) };
  }

  async download(id: string, revision: number) {
    const { entry, zip } = await this.package(id, revision);
    return { revision, package_digest: entry.packageDigest, package_size: entry.packageSize, package_base64: base64Of(zip) };
  }
}
