// How a call that failed ended, as the audit log classes it: refused (invalid input, a missing
// permission, a spent rate limit), timed out, failed in Neo4j, failed as a tool (the query ran
// and Neo4j refused it, a missing resource), or failed in the Worker. The same error classes the
// error table reports (operations/error-table.ts), in its order: the first match classes it.
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ForbiddenError } from "../auth/errors";
import { BadRequestError, ConflictError, NotAllowedError, NotFoundError, PlanRejectedError, RateLimitedError, ValidationError } from "../errors/domain";
import { Neo4jError, Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "../neo4j/errors";
import type { AuditOutcome } from "./event";

type ErrorClass = abstract new (...args: never[]) => Error;

const OUTCOMES: [ErrorClass, (error: never) => AuditOutcome][] = [
  [ForbiddenError, () => "forbidden"],
  [NotAllowedError, () => "forbidden"],
  [ValidationError, () => "invalid"],
  [PlanRejectedError, () => "invalid"],
  [BadRequestError, () => "invalid"],
  [RateLimitedError, () => "rate_limited"],
  [NotFoundError, () => "tool_error"],
  [ConflictError, () => "tool_error"],
  [Neo4jError, (error: Neo4jError) => (error.isTimeout ? "timed_out" : error.isClientError ? "tool_error" : "neo4j_error")],
  [Neo4jTimeoutError, () => "timed_out"],
  [Neo4jUnavailableError, () => "neo4j_error"],
  [Neo4jProtocolError, () => "neo4j_error"],
  // The MCP server's own refusals: an unknown tool, arguments the protocol refuses.
  [ProtocolError, (error: ProtocolError) => (error.code === ProtocolErrorCode.InvalidParams ? "invalid" : "error")],
];

export function outcomeOf(error: unknown): AuditOutcome {
  for (const [type, outcome] of OUTCOMES) if (error instanceof type) return outcome(error as never);
  return "error";
}
