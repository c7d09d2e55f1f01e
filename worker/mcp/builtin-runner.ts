// Running a built-in tool's operation in-process (the same service call as its REST route, never
// HTTP to itself): the arguments split into path parameters and body fields (under the names
// `param_renames` gives them), parsed once with the operation's schemas, then the operation's
// result shaped as the definition says and bounded like any tool result.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { boundList } from "../builtins/bounded-list";
import { listFieldOf } from "../builtins/list-field";
import type { BuiltinTool } from "../builtins/registry";
import { filterResponse } from "../builtins/response-filter";
import { builtinShape } from "../builtins/tool-shape";
import { ValidationError } from "../errors/domain";
import type { OperationContext } from "../operations/operation";
import { parseBody, parseParams } from "../operations/parse";
import { resultLimits } from "../operations/services";
import { errorResult } from "./results";

/** A call whose arguments passed the operation's schemas, and the resource it acts on. */
export interface ParsedCall {
  params: Record<string, unknown> | undefined;
  body: unknown;
  /** The operation's path with its parameters filled in, plus the id of what it creates. */
  target: string;
}

export function builtinRunner(tool: BuiltinTool, ctx: OperationContext) {
  const { definition, operation } = tool;
  const { fieldOf, pathNames, argumentOf } = builtinShape(tool);

  /** A complaint about an operation field, in the tool's argument names. */
  const inArgumentNames = (error: unknown): never => {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.issues.map((issue) => ({ ...issue, field: issue.field.replace(/^[^.]+/, argumentOf) })));
  };

  const split = (args: Record<string, unknown>) => {
    const unknown = Object.keys(args).filter((name) => !fieldOf.has(name));
    if (unknown.length > 0) {
      const known = [...fieldOf.keys()].join(", ") || "none";
      throw new ValidationError(
        unknown.map((name) => ({ field: name, rule: "unknown_argument", message: `is not an argument of ${tool.name} (arguments: ${known})` })),
      );
    }
    const params: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args)) {
      const field = fieldOf.get(name)!;
      (pathNames.has(field) ? params : body)[field] = value;
    }
    return { params, body: operation.body ? body : undefined };
  };

  const targetOf = (params: unknown, body: unknown) => {
    const values = (params ?? {}) as Record<string, unknown>;
    const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => String(values[name]));
    const id = (body as { id?: unknown } | undefined)?.id;
    return typeof id === "string" ? `${path}/${id}` : path;
  };

  async function parse(args: Record<string, unknown>): Promise<ParsedCall> {
    const raw = split(args);
    try {
      const params = parseParams(operation, raw.params);
      operation.refuse?.(ctx, params);
      const body = await parseBody(operation, ctx, raw.body);
      return { params, body, target: targetOf(params, body) };
    } catch (error) {
      return inArgumentNames(error);
    }
  }

  /**
   * The call's target as a person knows it (the operation's `target` lookup), checked before
   * anyone is asked to approve the call: a missing target fails here, in the tool's argument names.
   */
  async function describe(call: ParsedCall): Promise<string> {
    if (!operation.target) return call.target;
    return operation.target(ctx, call).catch(inArgumentNames);
  }

  const list = definition.list ? listFieldOf(definition, operation) : undefined;
  const listField = list && "field" in list ? (list.field ?? "result") : undefined;

  async function run(call: ParsedCall): Promise<CallToolResult> {
    const result = await operation.run(ctx, call).catch(inArgumentNames);
    if (operation.response === null) return { content: [{ type: "text", text: JSON.stringify({ done: true }) }], structuredContent: { done: true } };
    const shaped = filterResponse(result, definition.response, definition.list ?? false);
    const wrapped = shaped && typeof shaped === "object" && !Array.isArray(shaped) ? (shaped as Record<string, unknown>) : { result: shaped };
    const structured = listField ? boundList(wrapped, listField, resultLimits(ctx.config)) : wrapped;
    if (typeof structured === "string") return errorResult(structured);
    if (typeof (structured as { results?: unknown }).results === "string") return errorResult((structured as { results: string }).results);
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  }

  return { parse, describe, run };
}
