// Domain and Neo4j errors as HTTP responses: one JSON shape, one status per kind.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ConfigError, loadConfig } from "../config";
import { ForbiddenError, IdentityProviderUnavailableError, UnauthenticatedError } from "../auth/errors";
import { challengeMetadataUrl } from "../auth/public-url";
import { BadRequestError, ConflictError, NotFoundError, PlanRejectedError, ValidationError } from "../errors/domain";
import { Neo4jError, Neo4jProtocolError, Neo4jTimeoutError, Neo4jUnavailableError } from "../neo4j/errors";

export function errorResponse(error: Error, c: Context): Response {
  const reply = (status: ContentfulStatusCode, code: string, extra: Record<string, unknown> = {}) =>
    c.json({ error: { code, message: error.message, ...extra } }, status);
  if (error instanceof UnauthenticatedError) {
    c.header("WWW-Authenticate", bearerChallenge(error, c));
    return reply(401, "unauthenticated");
  }
  if (error instanceof IdentityProviderUnavailableError) return reply(503, "identity_provider_unavailable");
  if (error instanceof ForbiddenError) return reply(403, "forbidden", { permission: error.permission });
  if (error instanceof ValidationError) return reply(422, "validation_failed", { fields: error.issues });
  if (error instanceof PlanRejectedError) return reply(422, "plan_rejected", { plan_rejection: error.details });
  if (error instanceof BadRequestError) return reply(400, "bad_request");
  if (error instanceof NotFoundError) return reply(404, "not_found");
  if (error instanceof ConflictError) return reply(409, "conflict");
  if (error instanceof Neo4jError) {
    if (error.isTimeout) return reply(504, "query_timeout", { neo4j_code: error.code });
    return error.isClientError ? reply(422, "query_failed", { neo4j_code: error.code }) : reply(502, "neo4j_error", { neo4j_code: error.code });
  }
  if (error instanceof Neo4jTimeoutError) return reply(504, "query_timeout");
  if (error instanceof Neo4jUnavailableError || error instanceof Neo4jProtocolError) return reply(503, "neo4j_unavailable");
  if (error instanceof ConfigError) return reply(500, "configuration");
  console.error(error);
  return c.json({ error: { code: "internal", message: "Internal error" } }, 500);
}

/** RFC 6750 challenge pointing at the RFC 9728 metadata; no error code when no token was sent. */
function bearerChallenge(error: UnauthenticatedError, c: Context): string {
  const metadata = challengeMetadataUrl(loadConfig(c.env), c.req.raw);
  const presented = /^Bearer\s+\S/i.test(c.req.header("authorization") ?? "");
  const quoted = error.message.replaceAll('"', "'");
  return presented ? `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="${quoted}"` : `Bearer resource_metadata="${metadata}"`;
}
