// Built-in tools ({group}__{action}) as MCP tools. Each runs its REST operation in-process
// (the same service call, never HTTP to itself), takes the operation's path parameters and
// body fields as one arguments object, and carries the operation's permission.
import type { Tool } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { OperationContext } from "../api/operation";
import { enabledGroups } from "../builtins/enabled-groups";
import { builtinTools, DEFINITION_FILES, type BuiltinTool } from "../builtins/registry";
import { filterResponse } from "../builtins/response-filter";
import { ValidationError } from "../errors";
import { errorResult } from "./results";
import { toolMeta, type McpTool, type ToolSource } from "./tool";

/** The toolset every built-in tool belongs to on the toolsets API and in MCP filters. */
export const BUILTIN_TOOLSET_ID = "seizu";

type ObjectSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

const objectSchema = (schema: z.ZodType | undefined): ObjectSchema => (schema ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as ObjectSchema) : {});

/** The operation's path parameters and body fields, narrowed and described as the definition says. */
export function builtinInputSchema(tool: BuiltinTool): Tool["inputSchema"] {
  const { include_params: include, exclude_params: exclude, param_overrides: overrides } = tool.definition;
  const params = objectSchema(tool.operation.params);
  const body = objectSchema(tool.operation.body);
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const source of [params, body]) {
    for (const [name, property] of Object.entries(source.properties ?? {})) {
      const pathParameter = source === params;
      if (!pathParameter && ((include && !include.includes(name)) || exclude?.includes(name))) continue;
      const description = overrides?.[name]?.description;
      properties[name] = description ? { ...property, description } : property;
      if (source.required?.includes(name)) required.push(name);
    }
  }
  return { type: "object", properties: properties as Record<string, object>, ...(required.length ? { required } : {}), additionalProperties: false } as Tool["inputSchema"];
}

function toMcpTool(tool: BuiltinTool, ctx: OperationContext): McpTool {
  const { definition, operation } = tool;
  const annotations = definition.annotations!;
  const inputSchema = builtinInputSchema(tool);
  const accepted = new Set(Object.keys(inputSchema.properties ?? {}));
  const pathNames = new Set(Object.keys(objectSchema(operation.params).properties ?? {}));
  const tags = ["builtin", tool.group];
  return {
    toolsetId: BUILTIN_TOOLSET_ID,
    tags,
    permission: operation.permission,
    definition: {
      name: tool.name,
      title: definition.title ?? operation.summary,
      description: definition.description ?? operation.summary,
      inputSchema,
      annotations: {
        title: definition.title ?? operation.summary,
        readOnlyHint: annotations.readOnly,
        destructiveHint: annotations.destructive,
        idempotentHint: annotations.idempotent,
        openWorldHint: annotations.openWorld ?? false,
      },
      _meta: { ...toolMeta(BUILTIN_TOOLSET_ID, tags), group: tool.group, operation: operation.operationId },
    },
    async call(args) {
      const unknown = Object.keys(args).filter((name) => !accepted.has(name));
      if (unknown.length > 0) {
        throw new ValidationError(unknown.map((name) => ({ field: name, rule: "unknown_argument", message: `is not an argument of ${tool.name} (arguments: ${[...accepted].join(", ") || "none"})` })));
      }
      const params: Record<string, unknown> = {};
      const body: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(args)) (pathNames.has(name) ? params : body)[name] = value;
      const parsedParams = operation.params ? operation.params.safeParse(params) : { success: true as const, data: {} };
      if (!parsedParams.success) throw new ValidationError(parsedParams.error.issues.map((issue) => ({ field: issue.path.join("."), rule: issue.code, message: issue.message })));
      const result = await operation.run(ctx, { params: parsedParams.data, body: operation.body ? body : undefined });
      if (operation.response === null) return { content: [{ type: "text", text: JSON.stringify({ done: true }) }], structuredContent: { done: true } };
      const shaped = filterResponse(result, definition.response, definition.list ?? false);
      const structured = shaped && typeof shaped === "object" && !Array.isArray(shaped) ? (shaped as Record<string, unknown>) : { result: shaped };
      if (typeof (structured as { results?: unknown }).results === "string") return errorResult((structured as { results: string }).results);
      return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
    },
  };
}

/** The built-in tools of the groups MCP_ENABLED_BUILTINS enables. */
export function enabledBuiltinTools(setting: string): BuiltinTool[] {
  const groups = enabledGroups(setting, Object.keys(DEFINITION_FILES));
  return builtinTools().filter((tool) => groups.has(tool.group));
}

export function builtinToolSource(ctx: OperationContext): ToolSource {
  const tools = () => enabledBuiltinTools(ctx.config.MCP_ENABLED_BUILTINS);
  return {
    async list() {
      return tools().map((tool) => toMcpTool(tool, ctx));
    },
    async find(name) {
      const tool = tools().find((candidate) => candidate.name === name);
      return tool ? toMcpTool(tool, ctx) : undefined;
    },
  };
}
