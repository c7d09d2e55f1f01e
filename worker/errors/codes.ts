// Every code a REST error body may carry: the error table's, and the request guards' (which
// answer before any operation runs).
export const ERROR_CODES = [
  "unauthenticated",
  "identity_provider_unavailable",
  "forbidden",
  "forbidden_host",
  "unsupported_media_type",
  "payload_too_large",
  "validation_failed",
  "plan_rejected",
  "bad_request",
  "not_found",
  "conflict",
  "rate_limited",
  "query_timeout",
  "query_failed",
  "neo4j_error",
  "neo4j_unavailable",
  "configuration",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
