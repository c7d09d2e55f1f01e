// Running a built-in tool's operation in-process (the same service call as its REST route, never
// HTTP to itself): the arguments split into path parameters and body fields (under the names
// `param_renames` gives them), parsed once with the operation's schemas, then the operation's
// result given its items' admin UI links, shaped as the definition says and bounded like any
// tool result. Every built-in's result leaves through `run`, so the bound
// (builtins/bounded-result.ts) holds for all of them, links included.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { boundResult } from "../builtins/bounded-result";
import { listFieldsOf } from "../builtins/list-field";
import type { BuiltinTool } from "../builtins/builtin-tool";
import { filterResponse } from "../builtins/response-filter";
import { builtinShape } from "../builtins/tool-shape";
import { tooLargeMessage } from "../builtins/too-large";
import { pageLink, withUiLinks } from "../builtins/ui-link";
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

/** What running a built-in needs: the operation's context, and the public base its links start with. */
export type RunnerContext = OperationContext & { base: string };

export function builtinRunner(tool: BuiltinTool, ctx: RunnerContext) {
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

  const lists = definition.list ? listFieldsOf(definition, operation) : undefined;
  const listed = lists && "fields" in lists ? lists.fields : undefined;
  const listFields = lists && "fields" in lists ? (lists.fields ?? ["result"]) : [];

  async function run(call: ParsedCall): Promise<CallToolResult> {
    const result = await operation.run(ctx, call).catch(inArgumentNames);
    if (operation.response === null) return { content: [{ type: "text", text: JSON.stringify({ done: true }) }], structuredContent: { done: true } };
    const linked = tool.page ? withUiLinks(result, listed, pageLink(ctx.base, tool.page, call.params)) : result;
    const shaped = filterResponse(linked, definition.response, definition.list ?? false);
    const wrapped = shaped && typeof shaped === "object" && !Array.isArray(shaped) ? (shaped as Record<string, unknown>) : { result: shaped };
    // graph__query's rows were bounded as they streamed; not even one fitting is a fixed message.
    if (typeof wrapped.results === "string") return errorResult(wrapped.results);
    const limits = resultLimits(ctx.config);
    const bounded = boundResult(wrapped, listFields, limits);
    if ("tooLarge" in bounded) return errorResult(tooLargeMessage(tool, call.params, call.target, { ...bounded.tooLarge, maxBytes: limits.maxBytes }));
    return { content: [{ type: "text", text: bounded.text }], structuredContent: bounded.result };
  }

  return { parse, describe, run };
}
