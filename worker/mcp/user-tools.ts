// User-defined tools ({toolset_id}__{tool_id}) as MCP tools: read-only annotations, a JSON
// Schema built from the parameters, and a call that runs the Cypher (scanned again, see
// queries/run.ts) with bounded results.
import type { Tool } from "@modelcontextprotocol/server";
import { BoundedCache } from "../cache/bounded-cache";
import type { JsonObject } from "../neo4j/json";
import type { ResultLimits } from "../results/bounded";
import { argumentIssues } from "../toolsets/arguments";
import type { CypherCheckDeps } from "../queries/run";
import { executeTool } from "../toolsets/execute";
import { findExposedTool, listExposedTools, listToolsetIds, type ExposedTool } from "../toolsets/exposed";
import type { Parameter, ToolBody } from "../toolsets/schemas";
import { mcpToolName } from "../toolsets/views";
import { toCallToolResult, errorResult } from "./results";
import { toolMeta, type McpTool, type ToolSource } from "./tool";
import { ValidationError } from "../errors/domain";
import type { Db } from "../store/db";

/** A saved Cypher tool can only read: Neo4j runs it in READ mode, so clients may rely on it. */
const READ_ONLY_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const JSON_TYPES = { string: "string", integer: "integer", float: "number", boolean: "boolean" } as const;

export function inputSchemaOf(parameters: Parameter[]): Tool["inputSchema"] {
  const properties: Record<string, JsonObject> = {};
  for (const parameter of parameters) {
    properties[parameter.name] = {
      type: JSON_TYPES[parameter.type],
      ...(parameter.description ? { description: parameter.description } : {}),
      ...(parameter.default !== undefined && parameter.default !== null ? { default: parameter.default } : {}),
    };
  }
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

export interface UserToolDeps extends CypherCheckDeps {
  db: Db;
  limits: ResultLimits;
  /** TOOL_DEFINITION_CACHE_SECONDS: how long this isolate may serve tools read earlier. */
  definitionCacheSeconds: number;
}

/** A tool's MCP shape, built from its stored body alone. */
interface CompiledTool {
  tool: ToolBody;
  definition: Tool;
}

/**
 * Compiled tools by toolset, id and the exact stored body: the same text always compiles to the
 * same tool, and any change to it, however it was made, compiles afresh. Keys weigh their
 * length: about 2 MB of UTF-16, thousands of typical tools.
 */
const compiledTools = new BoundedCache<CompiledTool>({ maxCharacters: 1_000_000 });

function compile(exposed: ExposedTool): CompiledTool {
  const key = `${exposed.toolsetId}\n${exposed.id}\n${exposed.body}`;
  const known = compiledTools.get(key);
  if (known) return known;
  const tool = JSON.parse(exposed.body) as ToolBody;
  const compiled: CompiledTool = {
    tool,
    definition: {
      name: mcpToolName(exposed.toolsetId, exposed.id),
      title: tool.name,
      description: tool.description || tool.name,
      inputSchema: inputSchemaOf(tool.parameters),
      annotations: { title: tool.name, ...READ_ONLY_ANNOTATIONS },
      _meta: toolMeta(exposed.toolsetId, ["user", exposed.toolsetId]),
    },
  };
  compiledTools.set(key, compiled);
  return compiled;
}

function toMcpTool(exposed: ExposedTool, deps: UserToolDeps): McpTool {
  const { tool, definition } = compile(exposed);
  return {
    toolsetId: exposed.toolsetId,
    tags: ["user", exposed.toolsetId],
    permission: "tools:call",
    budget: "calls",
    definition,
    async call(args) {
      const issues = argumentIssues(tool.parameters, args);
      if (issues.length > 0) return errorResult(`Invalid arguments for ${definition.name}: ${new ValidationError(issues).message}`);
      return toCallToolResult(await executeTool(deps, tool, args, deps.limits));
    },
  };
}

export function userToolSource(deps: UserToolDeps): ToolSource {
  return {
    async list() {
      return (await listExposedTools(deps.db, deps.definitionCacheSeconds)).map((exposed) => toMcpTool(exposed, deps));
    },
    async find(name) {
      const [toolsetId, toolId, ...rest] = name.split("__");
      if (!toolsetId || !toolId || rest.length > 0) return undefined;
      const exposed = await findExposedTool(deps.db, deps.definitionCacheSeconds, toolsetId, toolId);
      return exposed ? toMcpTool(exposed, deps) : undefined;
    },
    toolsetNames() {
      return listToolsetIds(deps.db, deps.definitionCacheSeconds);
    },
  };
}
