// Toolsets and their tools: the rules for creating, changing, restoring and calling them.
// REST routes and MCP built-in tools both call this service, so each rule lives here once.
import type { Config } from "../config";
import { parseInput } from "../input";
import type { Neo4jClient } from "../neo4j/client";
import type { BoundedResult, ResultLimits } from "../results/bounded";
import { VersionedStore, type Change } from "../store/versioned-store";
import { checkToolCypher, type CypherCheckDeps } from "./check-cypher";
import { exportToolsets, importToolsets, type ToolsetStores } from "./import-export";
import { executeTool } from "./execute";
import {
  callInput,
  createToolInput,
  createToolsetInput,
  restoreInput,
  toolBody,
  toolsetBody,
  updateToolInput,
  updateToolsetInput,
  type ToolBody,
} from "./schemas";
import { toolView, toolsetView, versionView } from "./views";

export interface ToolsetServiceDeps {
  db: D1Database;
  config: Config;
  neo4j: Neo4jClient;
}

const TOOLSET = "toolset";
const TOOL = "tool";

export class ToolsetService {
  private readonly toolsets: VersionedStore<typeof toolsetBody>;
  private readonly tools: VersionedStore<typeof toolBody>;
  private readonly cypherDeps: CypherCheckDeps;

  constructor(private readonly deps: ToolsetServiceDeps) {
    this.toolsets = new VersionedStore(deps.db, TOOLSET, toolsetBody, { childKinds: [TOOL] });
    this.tools = new VersionedStore(deps.db, TOOL, toolBody, { parentKind: TOOLSET });
    this.cypherDeps = { neo4j: deps.neo4j, allowedProcedures: deps.config.QUERY_VALIDATOR_ALLOWED_PROCEDURES };
  }

  private get stores(): ToolsetStores {
    return { db: this.deps.db, toolsets: this.toolsets, tools: this.tools };
  }

  // --- whole sets ---

  async importToolsets(input: unknown, author: string) {
    return importToolsets(this.stores, this.cypherDeps, input, author);
  }

  async exportToolsets() {
    return exportToolsets(this.stores);
  }

  // --- toolsets ---

  async listToolsets() {
    return (await this.toolsets.list()).map(toolsetView);
  }

  async getToolset(id: string) {
    return toolsetView(await this.toolsets.require("", id));
  }

  async createToolset(input: unknown, author: string) {
    const { id, comment, ...body } = parseInput(createToolsetInput, input);
    return toolsetView(await this.toolsets.create("", id, body, { author, comment }));
  }

  async updateToolset(id: string, input: unknown, author: string) {
    const { base_version, comment, ...changes } = parseInput(updateToolsetInput, input);
    const current = await this.toolsets.require("", id);
    const body = parseInput(toolsetBody, { ...current.body, ...changes });
    return toolsetView(await this.toolsets.update("", id, body, base_version, { author, comment }));
  }

  async deleteToolset(id: string) {
    await this.toolsets.delete("", id);
  }

  async toolsetVersions(id: string) {
    return (await this.toolsets.versions("", id)).map(versionView);
  }

  async toolsetVersion(id: string, version: number) {
    return versionView(await this.toolsets.version("", id, version));
  }

  async restoreToolset(id: string, version: number, input: unknown, author: string) {
    const { base_version } = parseInput(restoreInput, input ?? {});
    const [entry, current] = await Promise.all([this.toolsets.version("", id, version), this.toolsets.require("", id)]);
    return toolsetView(await this.toolsets.update("", id, entry.body, base_version ?? current.version, restoredFrom(author, version)));
  }

  // --- tools ---

  async listTools(toolsetId: string) {
    await this.toolsets.require("", toolsetId);
    return (await this.tools.list(toolsetId)).map(toolView);
  }

  async getTool(toolsetId: string, toolId: string) {
    return toolView(await this.tools.require(toolsetId, toolId));
  }

  async createTool(toolsetId: string, input: unknown, author: string) {
    const { id, comment, ...body } = parseInput(createToolInput, input);
    await this.toolsets.require("", toolsetId);
    await this.checkCypher(body);
    return toolView(await this.tools.create(toolsetId, id, body, { author, comment }));
  }

  async updateTool(toolsetId: string, toolId: string, input: unknown, author: string) {
    const { base_version, comment, ...changes } = parseInput(updateToolInput, input);
    const current = await this.tools.require(toolsetId, toolId);
    const body = parseInput(toolBody, { ...current.body, ...changes });
    await this.checkCypher(body);
    return toolView(await this.tools.update(toolsetId, toolId, body, base_version, { author, comment }));
  }

  async deleteTool(toolsetId: string, toolId: string) {
    await this.tools.delete(toolsetId, toolId);
  }

  async toolVersions(toolsetId: string, toolId: string) {
    return (await this.tools.versions(toolsetId, toolId)).map(versionView);
  }

  async toolVersion(toolsetId: string, toolId: string, version: number) {
    return versionView(await this.tools.version(toolsetId, toolId, version));
  }

  /** Restores a tool's historical definition; its Cypher must still pass today's validation. */
  async restoreTool(toolsetId: string, toolId: string, version: number, input: unknown, author: string) {
    const { base_version } = parseInput(restoreInput, input ?? {});
    const [entry, current] = await Promise.all([this.tools.version(toolsetId, toolId, version), this.tools.require(toolsetId, toolId)]);
    await this.checkCypher(entry.body);
    return toolView(await this.tools.update(toolsetId, toolId, entry.body, base_version ?? current.version, restoredFrom(author, version)));
  }

  /** Runs a tool (enabled or not: disabled only hides it from MCP) and bounds its result. */
  async callTool(toolsetId: string, toolId: string, input: unknown, limits: ResultLimits): Promise<BoundedResult> {
    const { arguments: args } = parseInput(callInput, input ?? {});
    const tool = await this.tools.require(toolsetId, toolId);
    return executeTool(this.deps.neo4j, tool.body, args, limits);
  }

  private checkCypher(body: ToolBody): Promise<void> {
    return checkToolCypher(body, this.cypherDeps);
  }
}

function restoredFrom(author: string, version: number): Change {
  return { author, comment: `Restored from version ${version}` };
}
