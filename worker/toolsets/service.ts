// Toolsets and their tools: the rules for creating, changing, restoring and calling them.
// REST routes and MCP built-in tools both call this service, so each rule lives here once.
import { BUILTIN_TOOLSET, builtinToolsetView, builtinToolView } from "../builtins/toolset-view";
import type { Config } from "../config";
import { ConflictError, NotFoundError } from "../errors";
import { enabledBuiltinTools } from "../mcp/builtin-tools";
import { parseInput } from "../input";
import type { Neo4jClient } from "../neo4j/client";
import type { BoundedResult, ResultLimits } from "../results/bounded";
import { VersionedStore, type Change } from "../store/versioned-store";
import { checkToolCypher, type CypherCheckDeps } from "./check-cypher";
import { exportToolsets, importToolsets, type ToolsetStores } from "./import-export";
import { executeTool } from "./execute";
import { callInput, createToolInput, createToolsetInput, toolBody, toolsetBody, updateToolInput, updateToolsetInput, type ToolBody } from "./schemas";
import { toolView, toolsetView } from "./views";
import { restoreInput } from "../store/change-input";
import { versionView } from "../store/views";

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

  // --- the built-in toolset: readable here, defined in definitions/*.yaml ---

  private builtinTools() {
    return enabledBuiltinTools(this.deps.config.MCP_ENABLED_BUILTINS);
  }

  /** Refuses changes to the built-in toolset and its tools. */
  private refuseBuiltIn(toolsetId: string): void {
    if (toolsetId === BUILTIN_TOOLSET.id) {
      throw new ConflictError(
        `${BUILTIN_TOOLSET.id} is the built-in toolset: its tools are defined in definitions/*.yaml and cannot be changed, deleted or versioned here`,
      );
    }
  }

  // --- toolsets ---

  async listToolsets() {
    return [builtinToolsetView(this.builtinTools()), ...(await this.toolsets.list()).map(toolsetView)];
  }

  async getToolset(id: string) {
    if (id === BUILTIN_TOOLSET.id) return builtinToolsetView(this.builtinTools());
    return toolsetView(await this.toolsets.require("", id));
  }

  async createToolset(input: unknown, author: string) {
    const { id, comment, ...body } = parseInput(createToolsetInput, input);
    return toolsetView(await this.toolsets.create("", id, body, { author, comment }));
  }

  async updateToolset(id: string, input: unknown, author: string) {
    this.refuseBuiltIn(id);
    const { base_version, comment, ...changes } = parseInput(updateToolsetInput, input);
    const current = await this.toolsets.require("", id);
    const body = parseInput(toolsetBody, { ...current.body, ...changes });
    return toolsetView(await this.toolsets.update("", id, body, base_version, { author, comment }));
  }

  async deleteToolset(id: string) {
    this.refuseBuiltIn(id);
    await this.toolsets.delete("", id);
  }

  async toolsetVersions(id: string) {
    this.refuseBuiltIn(id);
    return (await this.toolsets.versions("", id)).map(versionView);
  }

  async toolsetVersion(id: string, version: number) {
    this.refuseBuiltIn(id);
    return versionView(await this.toolsets.version("", id, version));
  }

  async restoreToolset(id: string, version: number, input: unknown, author: string) {
    this.refuseBuiltIn(id);
    const { base_version } = parseInput(restoreInput, input ?? {});
    const [entry, current] = await Promise.all([this.toolsets.version("", id, version), this.toolsets.require("", id)]);
    return toolsetView(await this.toolsets.update("", id, entry.body, base_version ?? current.version, restoredFrom(author, version)));
  }

  // --- tools ---

  async listTools(toolsetId: string) {
    if (toolsetId === BUILTIN_TOOLSET.id) return this.builtinTools().map(builtinToolView);
    await this.toolsets.require("", toolsetId);
    return (await this.tools.list(toolsetId)).map(toolView);
  }

  async getTool(toolsetId: string, toolId: string) {
    if (toolsetId === BUILTIN_TOOLSET.id) {
      const tool = this.builtinTools().find((candidate) => candidate.name === toolId);
      if (!tool) throw new NotFoundError(`built-in tool ${toolId} does not exist or its group is not enabled`);
      return builtinToolView(tool);
    }
    return toolView(await this.tools.require(toolsetId, toolId));
  }

  async createTool(toolsetId: string, input: unknown, author: string) {
    this.refuseBuiltIn(toolsetId);
    const { id, comment, ...body } = parseInput(createToolInput, input);
    await this.toolsets.require("", toolsetId);
    await this.checkCypher(body);
    return toolView(await this.tools.create(toolsetId, id, body, { author, comment }));
  }

  async updateTool(toolsetId: string, toolId: string, input: unknown, author: string) {
    this.refuseBuiltIn(toolsetId);
    const { base_version, comment, ...changes } = parseInput(updateToolInput, input);
    const current = await this.tools.require(toolsetId, toolId);
    const body = parseInput(toolBody, { ...current.body, ...changes });
    await this.checkCypher(body);
    return toolView(await this.tools.update(toolsetId, toolId, body, base_version, { author, comment }));
  }

  async deleteTool(toolsetId: string, toolId: string) {
    this.refuseBuiltIn(toolsetId);
    await this.tools.delete(toolsetId, toolId);
  }

  async toolVersions(toolsetId: string, toolId: string) {
    this.refuseBuiltIn(toolsetId);
    return (await this.tools.versions(toolsetId, toolId)).map(versionView);
  }

  async toolVersion(toolsetId: string, toolId: string, version: number) {
    this.refuseBuiltIn(toolsetId);
    return versionView(await this.tools.version(toolsetId, toolId, version));
  }

  /** Restores a tool's historical definition; its Cypher must still pass today's validation. */
  async restoreTool(toolsetId: string, toolId: string, version: number, input: unknown, author: string) {
    this.refuseBuiltIn(toolsetId);
    const { base_version } = parseInput(restoreInput, input ?? {});
    const [entry, current] = await Promise.all([this.tools.version(toolsetId, toolId, version), this.tools.require(toolsetId, toolId)]);
    await this.checkCypher(entry.body);
    return toolView(await this.tools.update(toolsetId, toolId, entry.body, base_version ?? current.version, restoredFrom(author, version)));
  }

  /** Runs a tool (enabled or not: disabled only hides it from MCP) and bounds its result. */
  async callTool(toolsetId: string, toolId: string, input: unknown, limits: ResultLimits): Promise<BoundedResult> {
    this.refuseBuiltIn(toolsetId);
    const { arguments: args } = parseInput(callInput, input ?? {});
    const tool = await this.tools.require(toolsetId, toolId);
    return executeTool(this.cypherDeps, tool.body, args, limits);
  }

  private checkCypher(body: ToolBody): Promise<void> {
    return checkToolCypher(body, this.cypherDeps);
  }
}

function restoredFrom(author: string, version: number): Change {
  return { author, comment: `Restored from version ${version}` };
}
