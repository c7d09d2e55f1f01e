// One MCP server per request: tools/list and tools/call over the request's tool sources and
// URL filters. Nothing survives the request; the caller is derived again next time.
import {
  type CallToolResult,
  type JSONRPCRequest,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Principal } from "../auth/principal";
import type { Budget } from "../limits/budgets";
import { reportOf } from "../operations/error-table";
import { SERVER_INSTRUCTIONS } from "./instructions";
import { hiddenBecause, unknownToolsets, type EndpointFilters, type ToolFilters } from "./filters";
import { type PromptSource, servePrompts } from "./prompts";
import { malformedArguments } from "./raw-arguments";
import { isCallMethod, type McpAudit, rawCallParams, recordedCall } from "./recorded-call";
import { errorResult } from "./results";
import type { McpTool, ToolSource } from "./tool";

export const SERVER_INFO = { name: "seizu-edge", version: "0.1.0" };

/**
 * The SDK's server, with each request's arguments checked as they arrived (raw-arguments.ts)
 * before the SDK parses them: its hook for wrapping handlers sees the request unparsed. Bad
 * arguments of tools/call are a tool error, as the tools' own argument checks report them. A
 * call refused here never reaches its handler, so it is recorded here, as refused for invalid input.
 */
class SeizuServer extends Server {
  constructor(
    info: ConstructorParameters<typeof Server>[0],
    options: ConstructorParameters<typeof Server>[1],
    private readonly audit: McpAudit | undefined,
  ) {
    super(info, options);
  }

  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    return async (request, ctx) => {
      const problem = malformedArguments(method, request.params);
      if (problem === undefined || !isCallMethod(method)) return wrapped(request, ctx);
      return recordedCall(this.audit, method, rawCallParams(request.params), ctx, async () => {
        this.audit?.meter.ended("invalid");
        if (method === "tools/call") return errorResult(problem);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, problem);
      });
    };
  }
}

export interface McpServerOptions {
  /**
   * Checks the signed state a 2026-07-28 client echoes when it continues a call; a forged,
   * altered, expired or another caller's state is refused by the SDK (-32602).
   */
  verifyRequestState?: (state: string, ctx: ServerContext) => Promise<unknown>;
  prompts?: PromptSource[];
  /** Takes a unit of the caller's rate-limit budget before a call runs (limits/budgets.ts). */
  spend?: (budget: Budget | undefined) => Promise<void>;
  /** Where tools/call and prompts/get are recorded (mcp/recorded-call.ts); nowhere when unset. */
  audit?: McpAudit;
}

export function buildMcpServer(
  sources: ToolSource[],
  endpoint: EndpointFilters,
  principal: Principal,
  { verifyRequestState, prompts = [], spend, audit }: McpServerOptions = {},
): Server {
  // listChanged stays false: a stateless Worker never pushes list changes.
  const server = new SeizuServer(
    SERVER_INFO,
    {
      capabilities: { tools: { listChanged: false } },
      instructions: SERVER_INSTRUCTIONS,
      ...(verifyRequestState ? { requestState: { verify: verifyRequestState } } : {}),
    },
    audit,
  );

  server.setRequestHandler("tools/list", async () => {
    const filters = validFilters(endpoint);
    const tools = (await Promise.all(sources.map((source) => source.list()))).flat();
    await refuseUnknownToolsets(sources, tools, filters);
    const visible = tools.filter((tool) => mayCall(principal, tool) && hiddenBecause(tool, filters) === undefined);
    return { tools: visible.map((tool) => tool.definition) };
  });

  server.setRequestHandler("tools/call", (request, ctx) =>
    recordedCall(audit, "tools/call", request.params, ctx, async () => {
      const filters = validFilters(endpoint);
      const { name } = request.params;
      const tool = await find(sources, name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found (or disabled)`);
      if (tool.audited) audit?.meter.ran(tool.audited.resource, { ...tool.audited, target: name });
      if (!mayCall(principal, tool)) {
        audit?.meter.ended("forbidden");
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} requires the permission ${tool.permission}`);
      }
      const hidden = hiddenBecause(tool, filters);
      if (hidden) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} is not available on this endpoint: ${hidden}`);
      try {
        await spend?.(tool.budget);
        return await tool.call(request.params.arguments ?? {}, ctx);
      } catch (error) {
        audit?.meter.failed(error);
        return failure(error);
      }
    }),
  );
  // Prompts (skills) are answered by mcp/prompts.ts; tools/* never consult them.
  if (prompts.length > 0) servePrompts(server, prompts, principal, audit);
  return server;
}

function validFilters(endpoint: EndpointFilters): ToolFilters {
  if (!endpoint.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, endpoint.message);
  return endpoint.filters;
}

/**
 * A toolsets= name that matches no listed tool may be a typo or an empty (or disabled)
 * toolset; only then are the sources asked for every name they know, so an unfiltered
 * tools/list costs nothing more.
 */
async function refuseUnknownToolsets(sources: ToolSource[], tools: McpTool[], filters: ToolFilters): Promise<void> {
  const listed = tools.flatMap((tool) => (tool.group ? [tool.toolsetId, tool.group] : [tool.toolsetId]));
  if (unknownToolsets(filters, listed).length === 0) return;
  const known = (await Promise.all(sources.map((source) => source.toolsetNames()))).flat();
  const unknown = unknownToolsets(filters, known);
  if (unknown.length > 0) {
    const names = unknown.map((name) => JSON.stringify(name)).join(", ");
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `toolsets= names ${names}, which is no toolset: use toolset ids, seizu for every built-in tool, or a built-in group (graph, toolsets, ...)`,
    );
  }
}

const mayCall = (principal: Principal, tool: McpTool) => tool.permission === undefined || principal.permissions.has(tool.permission);

async function find(sources: ToolSource[], name: string): Promise<McpTool | undefined> {
  for (const source of sources) {
    const tool = await source.find(name);
    if (tool) return tool;
  }
  return undefined;
}

/** A failed call as the error table reports it: a tool error result, or a JSON-RPC error. */
function failure(error: unknown): CallToolResult {
  if (error instanceof ProtocolError) throw error;
  const report = reportOf(error);
  if ("result" in report.mcp) return { ...errorResult(report.mcp.result), ...(report.mcp.structured ? { structuredContent: report.mcp.structured } : {}) };
  if (!report.known) console.error("mcp tools/call:", error);
  throw new ProtocolError(report.mcp.jsonrpc, report.known ? (error as Error).message : "Internal error");
}
