// Errors as HTTP responses: one JSON shape, the status and code the error table gives its kind.
import type { Context } from "hono";
import { UnauthenticatedError } from "../auth/errors";
import { challengeMetadataUrl } from "../auth/public-url";
import { loadConfig } from "../config";
import { reportOf } from "../operations/error-table";

export function errorResponse(error: Error, c: Context): Response {
  const report = reportOf(error);
  if (!report.known) {
    console.error(error);
    return c.json({ error: { code: report.code, message: "Internal error" } }, report.status);
  }
  if (error instanceof UnauthenticatedError) c.header("WWW-Authenticate", bearerChallenge(error, c));
  for (const [name, value] of Object.entries(report.headers ?? {})) c.header(name, value);
  return c.json({ error: { code: report.code, message: error.message, ...report.details } }, report.status);
}

/** RFC 6750 challenge pointing at the RFC 9728 metadata; no error code when no token was sent. */
function bearerChallenge(error: UnauthenticatedError, c: Context): string {
  const metadata = challengeMetadataUrl(loadConfig(c.env), c.req.raw);
  const presented = /^Bearer\s+\S/i.test(c.req.header("authorization") ?? "");
  const quoted = error.message.replaceAll('"', "'");
  return presented ? `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="${quoted}"` : `Bearer resource_metadata="${metadata}"`;
}
