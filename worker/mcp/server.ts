// One MCP server per request: tools/list and tools/call over the request's tool sources and
// URL filters. Nothing survives the request; the caller is derived again next time.
import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type ServerContext } from "@modelcontextprotocol/server";
import type { Principal } from "../auth/principal";
import { ConflictError, NotFoundError, PlanRejectedError, ValidationError } from "../errors/domain";
import { Neo4jError, Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "../neo4j/errors";
import { hiddenBecause, unknownToolsets, type EndpointFilters, type ToolFilters } from "./filters";
import { errorResult } from "./results";
import type { McpTool, ToolSource } from "./tool";

export const SERVER_INFO = { name: "seizu-edge", version: "0.1.0" };

/**
 * `verifyRequestState` checks the signed state a 2026-07-28 client echoes when it continues a
 * call; a forged, altered, expired or another caller's state is refused by the SDK (-32602).
 */
export function buildMcpServer(
  sources: ToolSource[],
  endpoint: EndpointFilters,
  principal: Principal,
  verifyRequestState?: (state: string, ctx: ServerContext) => Promise<unknown>,
): Server {
  // listChanged stays false: a stateless Worker never pushes list changes.
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    ...(verifyRequestState ? { requestState: { verify: verifyRequestState } } : {}),
  });

  server.setRequestHandler("tools/list", async () => {
    const filters = validFilters(endpoint);
    const tools = (await Promise.all(sources.map((source) => source.list()))).flat();
    await refuseUnknownToolsets(sources, tools, filters);
    const visible = tools.filter((tool) => mayCall(principal, tool) && hiddenBecause(tool, filters) === undefined);
    return { tools: visible.map((tool) => tool.definition) };
  });

  server.setRequestHandler("tools/call", async (request, ctx) => {
    const filters = validFilters(endpoint);
    const { name } = request.params;
    const tool = await find(sources, name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found (or disabled)`);
    if (!mayCall(principal, tool)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} requires the permission ${tool.permission}`);
    const hidden = hiddenBecause(tool, filters);
    if (hidden) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} is not available on this endpoint: ${hidden}`);
    try {
      return await tool.call(request.params.arguments ?? {}, ctx);
    } catch (error) {
      return failure(error);
    }
  });
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
  if (
    unknownToolsets(
      filters,
      tools.flatMap((tool) => [tool.toolsetId, tool.group ?? []].flat()),
    ).length === 0
  )
    return;
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

/** Failures a model can act on become error results; anything else is an internal error. */
function failure(error: unknown): CallToolResult {
  if (error instanceof ValidationError) return errorResult(`Invalid input: ${error.message}`);
  if (error instanceof NotFoundError || error instanceof ConflictError) return errorResult(error.message);
  if (error instanceof PlanRejectedError)
    return { ...errorResult(`${error.message}\n${JSON.stringify({ plan_rejection: error.details })}`), structuredContent: { plan_rejection: error.details } };
  if (error instanceof Neo4jError) {
    if (error.isTimeout)
      return errorResult(
        `The query ran past its time limit and was stopped (${error.code}). Narrow it: add a LIMIT, filter earlier, or use an indexed property.`,
      );
    return errorResult(`Neo4j rejected the query (${error.code}): ${error.message}`);
  }
  if (error instanceof Neo4jTimeoutError) return errorResult(`${error.message}. Narrow the query and try again.`);
  if (error instanceof Neo4jUnavailableError || error instanceof Neo4jProtocolError)
    return errorResult(`The graph database is unavailable right now: ${error.message}`);
  throw error;
}
