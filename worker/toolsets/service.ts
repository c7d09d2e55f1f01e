// Toolsets and their tools: the rules for creating, changing, restoring and calling them.
// REST routes and MCP built-in tools both call this service, so each rule lives here once.
import type { Config } from "../config";
import { ValidationError, type FieldIssue } from "../errors";
import { parseInput } from "../input";
import type { Neo4jClient } from "../neo4j/client";
import { collectBounded, type BoundedResult, type ResultLimits } from "../results/bounded";
import { VersionedStore, type Change } from "../store/versioned-store";
import { validateCypher } from "../cypher/validate";
import { bindArguments } from "./arguments";
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

  constructor(private readonly deps: ToolsetServiceDeps) {
    this.toolsets = new VersionedStore(deps.db, TOOLSET, toolsetBody, { childKinds: [TOOL] });
    this.tools = new VersionedStore(deps.db, TOOL, toolBody, { parentKind: TOOLSET });
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

  /**
   * Runs a tool with the given arguments, in READ access mode with the configured time limit
   * (whatever validation said when it was saved), and bounds the result.
   */
  async callTool(toolsetId: string, toolId: string, input: unknown, limits: ResultLimits): Promise<BoundedResult> {
    const { arguments: args } = parseInput(callInput, input ?? {});
    const tool = await this.tools.require(toolsetId, toolId);
    const params = bindArguments(tool.body.parameters, args);
    const stream = await this.deps.neo4j.open(tool.body.cypher, params, { accessMode: "READ" });
    return collectBounded(stream, limits);
  }

  /** Layered Cypher validation, then every $name the query uses must be a declared parameter. */
  private async checkCypher(body: ToolBody): Promise<void> {
    const result = await validateCypher(body.cypher, { neo4j: this.deps.neo4j, allowedProcedures: this.deps.config.QUERY_VALIDATOR_ALLOWED_PROCEDURES });
    if (!result.ok) {
      throw new ValidationError(result.errors.map(({ rule, message, line, column, offset }) => ({ field: "cypher", rule, message, line, column, offset })));
    }
    const declared = new Set(body.parameters.map((parameter) => parameter.name));
    const undeclared: FieldIssue[] = result.parameters
      .filter((name) => !declared.has(name))
      .map((name) => ({ field: "cypher", rule: "undeclared_parameter", message: `uses $${name}, which is not a declared parameter of this tool` }));
    if (undeclared.length > 0) throw new ValidationError(undeclared);
  }
}

function restoredFrom(author: string, version: number): Change {
  return { author, comment: `Restored from version ${version}` };
}
