// Reports, as upstream Seizu has them, on the versioned-resource kit: the config is the
// versioned definition (every save a version with a comment; restore a new version "Restored
// from version N"), while access, the pin, the space and the dashboard pointer are settings
// beside it, never part of a version. Rules:
// - a private report is visible to its owner only (404 for anyone else); new reports are
//   private unless created into a space;
// - only the owner changes access (403); going private needs the report unpinned and not the
//   dashboard (400) and outside any space (409); pinning and the dashboard need it public (400);
// - every Cypher of a config passes read-only validation before it is saved.
import { ConfigError, type Config } from "../config";
import { BadRequestError, ConflictError, NotAllowedError, NotFoundError } from "../errors/domain";
import { VersionedResource } from "../kit/versioned-resource";
import type { CypherCheckDeps } from "../queries/run";
import type { RestoreInput } from "../kit/schemas";
import { sha256Hex } from "../digest";
import { signCapability } from "./capabilities";
import { checkReportCypher } from "./check-queries";
import { exportReports, importReports } from "./import-export";
import { initialConfig, reportConfig, type ReportConfig } from "./config";
import { reportQueries } from "./queries";
import type { AccessScope, CreateReportInput, ImportReportsInput, Filing, ReportListItem, ReportVersion, SaveVersionInput } from "./schemas";
import { REPORT, ReportStore, type ReportRow } from "./store";
import { listItem, versionView } from "./views";
import { checkPairing } from "./filing";
import type { Db } from "../store/db";
import { refusedContent } from "../store/versioned-store";

export interface ReportDeps {
  db: Db;
  /** The caller's subject: the author of changes and the owner of what they create. */
  caller: string;
  cypher: CypherCheckDeps;
  config: Config;
}

const missing = (id: string) => new NotFoundError(`report ${id} does not exist`);

export class ReportService {
  readonly store: ReportStore;
  /** The kit's resource over the configs: versions, restore, optimistic updates. */
  private readonly resource: VersionedResource<typeof reportConfig, string>;

  constructor(private readonly deps: ReportDeps) {
    this.store = new ReportStore(deps.db, deps.caller);
    this.resource = new VersionedResource(
      deps.db,
      { kind: REPORT, body: reportConfig },
      { view: (head) => head.id, check: (config) => checkReportCypher(config, deps.cypher) },
    );
  }

  async list(page?: number, perPage?: number): Promise<ReportListItem[]> {
    return (await this.store.list(page, perPage)).map(listItem);
  }

  private async require(id: string): Promise<ReportRow> {
    const row = await this.store.get(id);
    if (!row) throw missing(id);
    return row;
  }

  async item(id: string): Promise<ReportListItem> {
    return listItem(await this.require(id));
  }

  /** A version, and with `capabilities` the caller's capabilities to run its queries. */
  async get(id: string, version?: number, capabilities = false): Promise<ReportVersion> {
    const row = await this.store.version(id, version);
    if (!row) {
      await this.require(id);
      throw new NotFoundError(`report ${id} has no version ${version}`);
    }
    const view = versionView(row);
    return capabilities ? this.withCapabilities(view) : view;
  }

  async versions(id: string): Promise<ReportVersion[]> {
    const rows = await this.store.versions(id);
    if (rows.length === 0) throw missing(id);
    return rows.map(versionView);
  }

  async dashboard(capabilities = false): Promise<ReportVersion> {
    const id = await this.store.dashboardId();
    const row = id ? await this.store.version(id) : null;
    if (!row) throw new NotFoundError("No dashboard is set: choose a public report with PUT /reports/{report_id}/dashboard");
    const view = versionView(row);
    return capabilities ? this.withCapabilities(view) : view;
  }

  /** A new report at version 1 ("Initial version"), private unless created into a space. */
  async create({ name, space_id, subspace_id }: CreateReportInput): Promise<ReportListItem> {
    return this.insert(initialConfig(name.trim()), { space_id, subspace_id }, "Initial version");
  }

  async clone(id: string, { name, space_id, subspace_id }: CreateReportInput): Promise<ReportListItem> {
    const row = await this.store.version(id);
    if (!row) throw missing(id);
    const source = versionView(row);
    // The copy is filed where the source is unless the caller says where.
    const filing = space_id === undefined ? { space_id: source.space_id, subspace_id: source.subspace_id } : { space_id, subspace_id };
    const config = { ...source.config, name: name.trim() };
    await checkReportCypher(config, this.deps.cypher);
    return this.insert(config, filing, `Cloned from ${source.name}`);
  }

  private async insert(config: ReportConfig, { space_id = null, subspace_id = null }: Filing, comment: string): Promise<ReportListItem> {
    const spaceId = space_id ?? null;
    const subspaceId = subspace_id ?? null;
    await checkPairing(this.deps.db, spaceId, subspaceId);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const change = { author: this.deps.caller, comment };
    try {
      await this.deps.db.batch([
        ...this.resource.store.createStatements("", id, config, change, now),
        this.store.insertSettings(id, spaceId ? "public" : "private", spaceId, subspaceId),
      ]);
    } catch (error) {
      // The space went away between the check and the write.
      await checkPairing(this.deps.db, spaceId, subspaceId);
      throw refusedContent(error, "config") ?? error;
    }
    return this.item(id);
  }

  /** Saves a config as the next version; a non-blank config.name renames the report. */
  async saveVersion(id: string, { config, comment, base_version }: SaveVersionInput): Promise<ReportVersion> {
    const current = await this.require(id);
    const body = { ...config, name: config.name.trim() || current.name };
    await checkReportCypher(body, this.deps.cypher);
    await this.resource.store.update("", id, body, base_version ?? current.current_version, { author: this.deps.caller, comment });
    return this.get(id);
  }

  /** A historical config as a new version, commented "Restored from version N"; access and filing stay. */
  async restore(id: string, version: number, input: RestoreInput): Promise<ReportVersion> {
    await this.require(id);
    await this.resource.restore({ parentId: "", id }, version, input, this.deps.caller);
    return this.get(id);
  }

  async setAccess(id: string, scope: AccessScope | undefined): Promise<ReportListItem> {
    const row = await this.require(id);
    if (scope === undefined) return listItem(row);
    if (row.created_by !== this.deps.caller) throw new NotAllowedError(`Only the owner of report ${id} (${row.created_by}) may change who can see it`);
    if (scope === "public") await this.store.makePublic(id);
    else if (!(await this.store.makePrivate(id))) {
      const now = await this.require(id);
      if (now.pinned === 1) throw new BadRequestError(`report ${id} is pinned; unpin it before making it private`);
      if (await this.store.isDashboard(id)) throw new BadRequestError(`report ${id} is the dashboard; choose another dashboard before making it private`);
      if (now.space_id)
        throw new ConflictError(`report ${id} is filed in space ${now.space_id}, and a report in a space is public; take it out of the space first`);
    }
    return this.item(id);
  }

  async pin(id: string, pinned: boolean): Promise<{ report_id: string; pinned: boolean }> {
    await this.require(id);
    if (!(await this.store.pin(id, pinned))) throw new BadRequestError(`report ${id} is private; only a public report can be pinned`);
    return { report_id: id, pinned };
  }

  async setDashboard(id: string): Promise<{ report_id: string }> {
    await this.require(id);
    if (!(await this.store.setDashboard(id))) throw new BadRequestError(`report ${id} is private; the dashboard must be a public report`);
    return { report_id: id };
  }

  /** Files the report into a space (replace semantics: an omitted sub-space is cleared), or out of any. */
  async file(id: string, { space_id, subspace_id }: Filing): Promise<ReportListItem> {
    const row = await this.require(id);
    const spaceId = space_id ?? null;
    const subspaceId = subspace_id ?? null;
    await checkPairing(this.deps.db, spaceId, subspaceId);
    if (spaceId && row.access === "private") throw new ConflictError(`report ${id} is private, and a report in a space must be public; make it public first`);
    if (!(await this.store.file(id, spaceId, subspaceId))) {
      await checkPairing(this.deps.db, spaceId, subspaceId);
      throw new ConflictError(`report ${id} is private, and a report in a space must be public; make it public first`);
    }
    return this.item(id);
  }

  /** Deletes the report and its history; a dashboard pointer or overview naming it is cleared with it. */
  async delete(id: string): Promise<void> {
    await this.require(id);
    const [deleted] = await this.deps.db.batch([...this.resource.store.deleteStatements("", id), ...this.store.deleteStatements(id)]);
    if (deleted?.meta.changes === 0) throw missing(id);
  }

  /** The seed file's reports: section, validated whole, then written in one batch (or, dry, not at all). */
  import(input: ImportReportsInput) {
    return importReports(input, { db: this.deps.db, caller: this.deps.caller, store: this.store, versions: this.resource.store, cypher: this.deps.cypher });
  }

  export() {
    return exportReports(this.store);
  }

  /**
   * One capability per query of the version, bound to the caller. Without MCP_SIGNED_STATE_KEY
   * none can be signed: the report is still shown, and running a query says what is missing.
   */
  private async withCapabilities(view: ReportVersion): Promise<ReportVersion> {
    const secret = this.deps.config.MCP_SIGNED_STATE_KEY;
    if (!secret) return view;
    const exp = Math.floor(Date.now() / 1000) + this.deps.config.REPORT_QUERY_CAPABILITY_TTL_SECONDS;
    const entries = await Promise.all(
      reportQueries(view.config).map(async (query) => {
        const claims = {
          sub: this.deps.caller,
          report_id: view.report_id,
          version: view.version,
          path: query.path,
          query: await sha256Hex(query.cypher),
          params: query.inputParams,
          static: query.staticParams,
          exp,
        };
        return [query.path, await signCapability(secret, claims)] as const;
      }),
    );
    return { ...view, query_capabilities: Object.fromEntries(entries) };
  }
}

/** MCP_SIGNED_STATE_KEY, which running a report query needs. */
export function capabilityKey(config: Config): string {
  if (!config.MCP_SIGNED_STATE_KEY) throw new ConfigError("Invalid configuration: MCP_SIGNED_STATE_KEY (at least 32 bytes) must be set to run report queries");
  return config.MCP_SIGNED_STATE_KEY;
}
