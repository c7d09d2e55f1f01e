// Every error kind the Worker knows, and how each edge reports it: the HTTP status, code and
// details of the REST error body, and what an MCP tools/call answers (a tool error result the
// model can act on, or a JSON-RPC error). The REST error handler and the MCP server both read
// this table, so an error means the same on both.
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ForbiddenError, IdentityProviderUnavailableError, UnauthenticatedError } from "../auth/errors";
import { ConfigError } from "../config";
import { Neo4jError, Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "../neo4j/errors";
import type { ErrorCode } from "../errors/codes";
import { BadRequestError, ConflictError, NotAllowedError, NotFoundError, PlanRejectedError, RateLimitedError, ValidationError } from "../errors/domain";

/** How an MCP tools/call reports the error. */
export type McpOutcome =
  /** A tool result with isError: text for the model, and structured content where there is more. */
  | { result: string; structured?: Record<string, unknown> }
  /** A JSON-RPC error of the request. */
  | { jsonrpc: number };

export interface ErrorReport {
  status: ContentfulStatusCode;
  code: ErrorCode;
  /** Fields of the REST error body beside code and message. */
  details?: Record<string, unknown>;
  /** Response headers of the REST error. */
  headers?: Record<string, string>;
  mcp: McpOutcome;
}

interface ErrorKind<E extends Error> {
  type: abstract new (...args: never[]) => E;
  report(error: E): ErrorReport;
}

const kind = <E extends Error>(type: abstract new (...args: never[]) => E, report: (error: E) => ErrorReport): ErrorKind<E> => ({ type, report });

const unavailable = (error: Error) => `The graph database is unavailable right now: ${error.message}`;

/** In order: the first kind an error is an instance of reports it. */
export const ERROR_KINDS: ErrorKind<Error>[] = [
  // The caller is established before any MCP request is served: these only reach REST.
  kind(UnauthenticatedError, () => ({ status: 401, code: "unauthenticated", mcp: { jsonrpc: ProtocolErrorCode.InvalidRequest } })),
  kind(IdentityProviderUnavailableError, (error) => ({ status: 503, code: "identity_provider_unavailable", mcp: { result: error.message } })),
  kind(ForbiddenError, (error) => ({
    status: 403,
    code: "forbidden",
    details: { permission: error.permission },
    mcp: { jsonrpc: ProtocolErrorCode.InvalidParams },
  })),
  kind(NotAllowedError, (error) => ({ status: 403, code: "forbidden", mcp: { result: error.message } })),
  kind(ValidationError, (error) => ({
    status: 422,
    code: "validation_failed",
    details: { fields: error.issues },
    mcp: { result: `Invalid input: ${error.message}` },
  })),
  kind(PlanRejectedError, (error) => ({
    status: 422,
    code: "plan_rejected",
    details: { plan_rejection: error.details },
    mcp: { result: `${error.message}\n${JSON.stringify({ plan_rejection: error.details })}`, structured: { plan_rejection: error.details } },
  })),
  kind(RateLimitedError, (error) => {
    const details = { limit: error.budget, retry_after_seconds: error.retryAfterSeconds };
    return {
      status: 429,
      code: "rate_limited",
      details,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
      mcp: { result: error.message, structured: { block_reason: "rate_limited", ...details } },
    };
  }),
  kind(BadRequestError, (error) => ({ status: 400, code: "bad_request", mcp: { result: error.message } })),
  kind(NotFoundError, (error) => ({ status: 404, code: "not_found", mcp: { result: error.message } })),
  kind(ConflictError, (error) => ({ status: 409, code: "conflict", mcp: { result: error.message } })),
  kind(Neo4jError, (error) => {
    const details = { neo4j_code: error.code };
    if (error.isTimeout) {
      const result = `The query ran past its time limit and was stopped (${error.code}). Narrow it: add a LIMIT, filter earlier, or use an indexed property.`;
      return { status: 504, code: "query_timeout", details, mcp: { result } };
    }
    const mcp = { result: `Neo4j rejected the query (${error.code}): ${error.message}` };
    return error.isClientError ? { status: 422, code: "query_failed", details, mcp } : { status: 502, code: "neo4j_error", details, mcp };
  }),
  kind(Neo4jTimeoutError, (error) => ({ status: 504, code: "query_timeout", mcp: { result: `${error.message}. Narrow the query and try again.` } })),
  kind(Neo4jUnavailableError, (error) => ({ status: 503, code: "neo4j_unavailable", mcp: { result: unavailable(error) } })),
  kind(Neo4jProtocolError, (error) => ({ status: 503, code: "neo4j_unavailable", mcp: { result: unavailable(error) } })),
  kind(ConfigError, () => ({ status: 500, code: "configuration", mcp: { jsonrpc: ProtocolErrorCode.InternalError } })),
];

/** Anything else is a bug: reported without its message, which may hold internals. */
export const INTERNAL: ErrorReport = { status: 500, code: "internal", mcp: { jsonrpc: ProtocolErrorCode.InternalError } };

/** How the error is reported, or INTERNAL for an error of no known kind. */
export function reportOf(error: unknown): ErrorReport & { known: boolean } {
  for (const entry of ERROR_KINDS) if (error instanceof entry.type) return { ...entry.report(error), known: true };
  return { ...INTERNAL, known: false };
}
