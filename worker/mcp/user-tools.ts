// User-defined tools ({toolset_id}__{tool_id}) as MCP tools: read-only annotations, a JSON
// Schema built from the parameters, and a call that runs the Cypher (scanned again, see
// queries/run.ts) with bounded results, cached when the tool has a cache_ttl_seconds (the
// result's _meta.cache says how it was answered; a request's _meta.cache_control "no-cache"
// bypasses the cache for a caller holding tools:write).
import type { Tool } from "@modelcontextprotocol/server";
import type { CallMeter } from "../audit/call";
import { BoundedCache } from "../cache/bounded-cache";
import type { JsonObject } from "../neo4j/json";
import type { ResultLimits } from "../results/bounded";
import { argumentIssues } from "../toolsets/arguments";
import type { CypherCheckDeps } from "../queries/run";
import { type CacheContext, mayBypass } from "../results/edge-cache";
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
  cache: Omit<CacheContext, "bypass"> & {
    /** The caller's permissions: a bypass is honoured with tools:write (results/edge-cache.ts mayBypass). */
    permissions: ReadonlySet<string>;
  };
  /** TOOL_DEFINITION_CACHE_SECONDS: how long this isolate may serve tools read earlier. */
  definitionCacheSeconds: number;
  /** The request's call, as the audit log records it: how a call was refused, whether the cache answered. */
  call?: Pick<CallMeter, "ended" | "cached">;
}

/** The request _meta key, and value, by which a call asks to bypass the result cache. */
const BYPASS = { key: "cache_control", value: "no-cache" } as const;

/** A tool's MCP shape, built from its stored body alone. */
interface CompiledTool {
  tool: ToolBody;
  definition: Tool;
  /** Parameters the audit log never stores. */
  sensitive: string[];
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
    sensitive: tool.parameters.filter((parameter) => parameter.sensitive).map((parameter) => parameter.name),
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
  const { tool, definition, sensitive } = compile(exposed);
  return {
    audited: { kind: "tool_call", resource: { type: "tool", id: `${exposed.toolsetId}/${exposed.id}`, version: exposed.version }, sensitive },
    toolsetId: exposed.toolsetId,
    tags: ["user", exposed.toolsetId],
    permission: "tools:call",
    budget: "calls",
    definition,
    async call(args, ctx) {
      const issues = argumentIssues(tool.parameters, args);
      if (issues.length > 0) {
        deps.call?.ended("invalid");
        return errorResult(`Invalid arguments for ${definition.name}: ${new ValidationError(issues).message}`);
      }
      const { permissions, ...cache } = deps.cache;
      const bypass = mayBypass(ctx.mcpReq._meta?.[BYPASS.key] === BYPASS.value, permissions, "tools:write");
      const version = { toolsetId: exposed.toolsetId, id: exposed.id, version: exposed.version, body: tool };
      const answer = await executeTool(deps, version, args, deps.limits, { ...cache, bypass });
      deps.call?.cached(answer.cache?.status);
      const result = toCallToolResult(answer.result);
      return answer.cache ? { ...result, _meta: { cache: answer.cache } } : result;
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
