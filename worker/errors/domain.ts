// Domain errors that services raise; the HTTP layer maps them to status codes and MCP tools
// to error results (operations/error-table.ts), so each rule is stated once.
import { z } from "zod";

/** One problem of an input: which field, which rule, and where in a Cypher text. */
export const fieldIssue = z.object({
  field: z.string().describe('Dotted path of the offending input: "cypher", "parameters.1.default", "arguments.limit"'),
  rule: z.string().describe('Machine-readable rule: "too_small", "write_clause", "undeclared_parameter", ...'),
  message: z.string(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  offset: z.number().int().optional(),
});
export type FieldIssue = z.output<typeof fieldIssue>;

/** The input breaks a rule; nothing was written. HTTP 422. */
export class ValidationError extends Error {
  override name = "ValidationError";
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "));
  }
}

/** The named resource does not exist. HTTP 404. */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}

/** The change conflicts with the current state (duplicate id, stale version). HTTP 409. */
export class ConflictError extends Error {
  override name = "ConflictError";
}

/**
 * The caller holds the permission but the resource's own rule refuses them: only a report's
 * owner may change who sees it; a report query capability minted for someone else. HTTP 403.
 */
export class NotAllowedError extends Error {
  override name = "NotAllowedError";
}

/** The request itself is malformed (not JSON, bad path parameter). HTTP 400. */
export class BadRequestError extends Error {
  override name = "BadRequestError";
}

/** graph__query refused a query's plan; the details carry the plan so it can be rewritten. HTTP 422. */
export class PlanRejectedError extends Error {
  override name = "PlanRejectedError";
  constructor(readonly details: Record<string, unknown> & { message: string }) {
    super(details.message);
  }
}

/** The caller spent a rate-limit budget (limits/budgets.ts). HTTP 429 with Retry-After. */
export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(
    readonly budget: "calls" | "writes",
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
