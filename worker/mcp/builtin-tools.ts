// Built-in tools ({group}__{action}) as MCP tools. Each runs its REST operation in-process
// (the same service call, never HTTP to itself), takes the operation's path parameters and
// body fields as one arguments object (under the names `param_renames` gives them, where the
// MCP tool's names differ from the REST API's), and carries the operation's permission.
import type { CallToolResult, Tool, ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { OperationContext } from "../api/operation";
import { enabledGroups } from "../builtins/enabled-groups";
import { builtinTools, DEFINITION_FILES, type BuiltinTool } from "../builtins/registry";
import { filterResponse } from "../builtins/response-filter";
import { confirmThenRun, type GateContext } from "../confirmations/gate";
import { executeInput, prepare, redeem } from "../confirmations/typed-confirm";
import { resultLimits } from "../api/services";
import { boundList } from "../builtins/bounded-list";
import { listFieldOf } from "../builtins/list-field";
import { operationFields } from "../builtins/operation-fields";
import { ValidationError } from "../errors";
import { issuesOf, parseInput } from "../input";
import { errorResult } from "./results";
import { toolMeta, type McpTool, type ToolSource } from "./tool";

/** The toolset every built-in tool belongs to on the toolsets API and in MCP filters. */
export const BUILTIN_TOOLSET_ID = "seizu";

interface ToolShape {
  inputSchema: Tool["inputSchema"];
  /** The operation field each MCP argument fills (`param_renames` read backwards), and which are path parameters. */
  fieldOf: Map<string, string>;
  pathNames: Set<string>;
  /** The MCP argument name of each operation field. */
  argumentOf: (field: string) => string;
}

/** The operation's path parameters and body fields, narrowed, renamed and described as the definition says. */
function shapeOf(tool: BuiltinTool): ToolShape {
  const { include_params: include, exclude_params: exclude, param_overrides: overrides, param_renames: renames = {} } = tool.definition;
  const { params, body } = operationFields(tool.operation);
  const argumentOf = (field: string) => renames[field] ?? field;
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  const fieldOf = new Map<string, string>();
  for (const source of [params, body]) {
    for (const [name, property] of Object.entries(source.properties ?? {})) {
      const pathParameter = source === params;
      if (!pathParameter && ((include && !include.includes(name)) || exclude?.includes(name))) continue;
      const description = overrides?.[name]?.description;
      properties[argumentOf(name)] = description ? { ...property, description } : property;
      fieldOf.set(argumentOf(name), name);
      if (source.required?.includes(name)) required.push(argumentOf(name));
    }
  }
  const inputSchema = {
    type: "object",
    properties: properties as Record<string, object>,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  } as Tool["inputSchema"];
  return { inputSchema, fieldOf, pathNames: new Set(Object.keys(params.properties ?? {})), argumentOf };
}

/** JSON Schema conversion is not free: each built-in tool's shape is derived once per isolate. */
const shapes = new WeakMap<BuiltinTool, ToolShape>();

function builtinShape(tool: BuiltinTool): ToolShape {
  let shape = shapes.get(tool);
  if (!shape) {
    shape = shapeOf(tool);
    shapes.set(tool, shape);
  }
  return shape;
}

/** The arguments a built-in tool takes, as MCP clients see them (also shown on the toolsets API). */
export const builtinInputSchema = (tool: BuiltinTool): Tool["inputSchema"] => builtinShape(tool).inputSchema;

const EXECUTE_INPUT_SCHEMA = z.toJSONSchema(executeInput, { io: "input" }) as Tool["inputSchema"];

/** What a built-in tool's call needs beyond its arguments. */
export type BuiltinContext = OperationContext & GateContext;

/** Splits arguments into path parameters and body, runs the operation and shapes its result. */
function operationRunner(tool: BuiltinTool, ctx: BuiltinContext) {
  const { definition, operation } = tool;
  const { fieldOf, pathNames, argumentOf } = builtinShape(tool);
  /** A service's complaint about an operation field, in the tool's argument names. */
  const inArgumentNames = (error: unknown): never => {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.issues.map((issue) => ({ ...issue, field: issue.field.replace(/^[^.]+/, argumentOf) })));
  };
  const split = (args: Record<string, unknown>) => {
    const unknown = Object.keys(args).filter((name) => !fieldOf.has(name));
    if (unknown.length > 0) {
      throw new ValidationError(
        unknown.map((name) => ({
          field: name,
          rule: "unknown_argument",
          message: `is not an argument of ${tool.name} (arguments: ${[...fieldOf.keys()].join(", ") || "none"})`,
        })),
      );
    }
    const params: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args)) {
      const field = fieldOf.get(name)!;
      (pathNames.has(field) ? params : body)[field] = value;
    }
    const parsed = operation.params ? operation.params.safeParse(params) : { success: true as const, data: {} };
    if (!parsed.success) inArgumentNames(new ValidationError(issuesOf(parsed.error)));
    return { params: (parsed.data ?? {}) as Record<string, unknown>, body: operation.body ? body : undefined };
  };
  const list = definition.list ? listFieldOf(definition, operation) : undefined;
  const listField = list && "field" in list ? (list.field ?? "result") : undefined;
  const run = async (args: Record<string, unknown>): Promise<CallToolResult> => {
    const result = await operation.run(ctx, split(args)).catch(inArgumentNames);
    if (operation.response === null) return { content: [{ type: "text", text: JSON.stringify({ done: true }) }], structuredContent: { done: true } };
    const shaped = filterResponse(result, definition.response, definition.list ?? false);
    const wrapped = shaped && typeof shaped === "object" && !Array.isArray(shaped) ? (shaped as Record<string, unknown>) : { result: shaped };
    const structured = listField ? boundList(wrapped, listField, resultLimits(ctx.config)) : wrapped;
    if (typeof structured === "string") return errorResult(structured);
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
    if (operation.body) {
      try {
        parseInput(operation.body, body);
      } catch (error) {
        inArgumentNames(error);
      }
    }
  };
  return { run, target, validate };
}

function describeTool(
  tool: BuiltinTool,
  name: string,
  title: string,
  description: string,
  inputSchema: Tool["inputSchema"],
  annotations: ToolAnnotations,
): Omit<McpTool, "call"> {
  const tags = ["builtin", tool.group];
  return {
    toolsetId: BUILTIN_TOOLSET_ID,
    group: tool.group,
    tags,
    permission: tool.operation.permission,
    definition: {
      name,
      title,
      description,
      inputSchema,
      annotations: { title, ...annotations },
      _meta: { ...toolMeta(BUILTIN_TOOLSET_ID, tags), group: tool.group, operation: tool.operation.operationId },
    },
  };
}

function annotationsOf(tool: BuiltinTool): ToolAnnotations {
  const annotations = tool.definition.annotations!;
  return {
    readOnlyHint: annotations.readOnly,
    destructiveHint: annotations.destructive,
    idempotentHint: annotations.idempotent,
    openWorldHint: annotations.openWorld ?? false,
  };
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
        ...describeTool(
          tool,
          `${tool.name}_prepare`,
          `${title}: prepare`,
          `Step 1 of 2 for "${label}": checks the arguments and returns a confirmation hash and a message to show the user. Nothing changes yet.`,
          inputSchema,
          {
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: false,
            openWorldHint: false,
          },
        ),
        async call(args, serverCtx) {
          runner.validate(args);
          const prepared = await prepare(tool.name, args, message, label, ctx, serverCtx);
          return { content: [{ type: "text", text: JSON.stringify(prepared) }], structuredContent: prepared };
        },
      },
      {
        ...describeTool(
          tool,
          `${tool.name}_execute`,
          `${title}: execute`,
          `Step 2 of 2 for "${label}": runs the action prepared by ${tool.name}_prepare once the user has typed "confirm". Takes only the hash and the word.`,
          EXECUTE_INPUT_SCHEMA,
          annotationsOf(tool),
        ),
        async call(args, serverCtx) {
          // The typed word adds to the configured confirmation mode, never replaces it: the
          // prepared action waits for the same approval as any other write.
          const prepared = await redeem(tool.name, args, ctx, serverCtx);
          const run = async () => {
            await prepared.spend();
            return runner.run(prepared.args);
          };
          if (!requiresConfirmation(tool)) return run();
          return confirmThenRun({ tool: `${tool.name}_execute`, title, target: runner.target(prepared.args), args: prepared.args }, ctx, serverCtx, run);
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

/** The built-in tools as MCP tools: by default those MCP_ENABLED_BUILTINS enables. */
export function builtinToolSource(ctx: BuiltinContext, tools?: BuiltinTool[]): ToolSource {
  const enabled = () => tools ?? enabledBuiltinTools(ctx.config.MCP_ENABLED_BUILTINS);
  return {
    async list() {
      return enabled().flatMap((tool) => toMcpTools(tool, ctx));
    },
    async find(name) {
      const candidates = enabled().filter((tool) => tool.name === name || tool.name === definitionName(name));
      return candidates.flatMap((tool) => toMcpTools(tool, ctx)).find((candidate) => candidate.definition.name === name);
    },
    async toolsetNames() {
      return [BUILTIN_TOOLSET_ID, ...Object.keys(DEFINITION_FILES)];
    },
  };
}
