// Built-in tools ({group}__{action}) as MCP tools. Each runs its REST operation in-process
// (the same service call, never HTTP to itself), takes the operation's path parameters and
// body fields as one arguments object, and carries the operation's permission.
import type { CallToolResult, Tool, ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { OperationContext } from "../api/operation";
import { enabledGroups } from "../builtins/enabled-groups";
import { builtinTools, DEFINITION_FILES, type BuiltinTool } from "../builtins/registry";
import { filterResponse } from "../builtins/response-filter";
import { confirmThenRun, type GateContext } from "../confirmations/gate";
import { executeInput, prepare, redeem } from "../confirmations/typed-confirm";
import { ValidationError } from "../errors";
import { parseInput } from "../input";
import { errorResult } from "./results";
import { toolMeta, type McpTool, type ToolSource } from "./tool";

/** The toolset every built-in tool belongs to on the toolsets API and in MCP filters. */
export const BUILTIN_TOOLSET_ID = "seizu";

type ObjectSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

const objectSchema = (schema: z.ZodType | undefined): ObjectSchema => (schema ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as ObjectSchema) : {});

/** The operation's path parameters and body fields, narrowed and described as the definition says. */
function inputSchemaOf(tool: BuiltinTool): Tool["inputSchema"] {
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

interface ToolShape {
  inputSchema: Tool["inputSchema"];
  /** Argument names the tool takes, and which of them are path parameters. */
  accepted: Set<string>;
  pathNames: Set<string>;
}

/** JSON Schema conversion is not free: each built-in tool's shape is derived once per isolate. */
const shapes = new WeakMap<BuiltinTool, ToolShape>();

function builtinShape(tool: BuiltinTool): ToolShape {
  let shape = shapes.get(tool);
  if (!shape) {
    const inputSchema = inputSchemaOf(tool);
    shape = { inputSchema, accepted: new Set(Object.keys(inputSchema.properties ?? {})), pathNames: new Set(Object.keys(objectSchema(tool.operation.params).properties ?? {})) };
    shapes.set(tool, shape);
  }
  return shape;
}

const EXECUTE_INPUT_SCHEMA = z.toJSONSchema(executeInput, { io: "input" }) as Tool["inputSchema"];

/** What a built-in tool's call needs beyond its arguments. */
export type BuiltinContext = OperationContext & GateContext;

/** Splits arguments into path parameters and body, runs the operation and shapes its result. */
function operationRunner(tool: BuiltinTool, ctx: BuiltinContext) {
  const { definition, operation } = tool;
  const { accepted, pathNames } = builtinShape(tool);
  const split = (args: Record<string, unknown>) => {
    const unknown = Object.keys(args).filter((name) => !accepted.has(name));
    if (unknown.length > 0) {
      throw new ValidationError(unknown.map((name) => ({ field: name, rule: "unknown_argument", message: `is not an argument of ${tool.name} (arguments: ${[...accepted].join(", ") || "none"})` })));
    }
    const params: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args)) (pathNames.has(name) ? params : body)[name] = value;
    const parsed = operation.params ? operation.params.safeParse(params) : { success: true as const, data: {} };
    if (!parsed.success) throw new ValidationError(parsed.error.issues.map((issue) => ({ field: issue.path.join("."), rule: issue.code, message: issue.message })));
    return { params: parsed.data as Record<string, unknown>, body: operation.body ? body : undefined };
  };
  const run = async (args: Record<string, unknown>): Promise<CallToolResult> => {
    const result = await operation.run(ctx, split(args));
    if (operation.response === null) return { content: [{ type: "text", text: JSON.stringify({ done: true }) }], structuredContent: { done: true } };
    const shaped = filterResponse(result, definition.response, definition.list ?? false);
    const structured = shaped && typeof shaped === "object" && !Array.isArray(shaped) ? (shaped as Record<string, unknown>) : { result: shaped };
    if (typeof (structured as { results?: unknown }).results === "string") return errorResult((structured as { results: string }).results);
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  };
  /** The resource an action acts on: its path with the parameters filled in, plus a new id. */
  const target = (args: Record<string, unknown>) => {
    const { params, body } = split(args);
    const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => String(params[name]));
    const id = (body as { id?: unknown } | undefined)?.id;
    return typeof id === "string" ? `${path}/${id}` : path;
  };
  /** Validates arguments the way the operation will, without running it. */
  const validate = (args: Record<string, unknown>) => {
    const { body } = split(args);
    if (operation.body) parseInput(operation.body, body);
  };
  return { run, target, validate };
}

function describeTool(tool: BuiltinTool, name: string, title: string, description: string, inputSchema: Tool["inputSchema"], annotations: ToolAnnotations): Omit<McpTool, "call"> {
  const tags = ["builtin", tool.group];
  return {
    toolsetId: BUILTIN_TOOLSET_ID,
    tags,
    permission: tool.operation.permission,
    definition: { name, title, description, inputSchema, annotations: { title, ...annotations }, _meta: { ...toolMeta(BUILTIN_TOOLSET_ID, tags), group: tool.group, operation: tool.operation.operationId } },
  };
}

function annotationsOf(tool: BuiltinTool): ToolAnnotations {
  const annotations = tool.definition.annotations!;
  return { readOnlyHint: annotations.readOnly, destructiveHint: annotations.destructive, idempotentHint: annotations.idempotent, openWorldHint: annotations.openWorld ?? false };
}

/** A built-in that writes needs a person's approval unless its definition says otherwise. */
export const requiresConfirmation = (tool: BuiltinTool) => tool.definition.requires_confirmation ?? !tool.definition.annotations!.readOnly;

function toMcpTools(tool: BuiltinTool, ctx: BuiltinContext): McpTool[] {
  const { definition, operation } = tool;
  const runner = operationRunner(tool, ctx);
  const title = definition.title ?? operation.summary;
  const description = definition.description ?? operation.summary;
  const { inputSchema } = builtinShape(tool);
  if (definition.confirmed_action) {
    const { message, action_label: label = title } = definition.confirmed_action;
    return [
      {
        ...describeTool(tool, `${tool.name}_prepare`, `${title}: prepare`, `Step 1 of 2 for "${label}": checks the arguments and returns a confirmation hash and a message to show the user. Nothing changes yet.`, inputSchema, {
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        }),
        async call(args, serverCtx) {
          runner.validate(args);
          const prepared = await prepare(tool.name, args, message, label, ctx, serverCtx);
          return { content: [{ type: "text", text: JSON.stringify(prepared) }], structuredContent: prepared };
        },
      },
      {
        ...describeTool(tool, `${tool.name}_execute`, `${title}: execute`, `Step 2 of 2 for "${label}": runs the action prepared by ${tool.name}_prepare once the user has typed "confirm". Takes only the hash and the word.`, EXECUTE_INPUT_SCHEMA, annotationsOf(tool)),
        async call(args, serverCtx) {
          return runner.run(await redeem(tool.name, args, ctx, serverCtx));
        },
      },
    ];
  }
  return [
    {
      ...describeTool(tool, tool.name, title, description, inputSchema, annotationsOf(tool)),
      async call(args, serverCtx) {
        if (!requiresConfirmation(tool)) return runner.run(args);
        runner.validate(args);
        return confirmThenRun({ tool: tool.name, title, target: runner.target(args), args }, ctx, serverCtx, () => runner.run(args));
      },
    },
  ];
}

/** The built-in tools of the groups MCP_ENABLED_BUILTINS enables. */
export function enabledBuiltinTools(setting: string): BuiltinTool[] {
  const groups = enabledGroups(setting, Object.keys(DEFINITION_FILES));
  return builtinTools().filter((tool) => groups.has(tool.group));
}

/** A typed-confirm pair is named after its definition: toolsets__delete_prepare → toolsets__delete. */
const definitionName = (name: string) => name.replace(/_(prepare|execute)$/, "");

export function builtinToolSource(ctx: BuiltinContext): ToolSource {
  const enabled = () => enabledBuiltinTools(ctx.config.MCP_ENABLED_BUILTINS);
  return {
    async list() {
      return enabled().flatMap((tool) => toMcpTools(tool, ctx));
    },
    async find(name) {
      const candidates = enabled().filter((tool) => tool.name === name || tool.name === definitionName(name));
      return candidates.flatMap((tool) => toMcpTools(tool, ctx)).find((candidate) => candidate.definition.name === name);
    },
  };
}
