// Why an activity failed, and whether trying again can help. An ActivityError is an activity
// that could not do its work: a receiver refused it, a row lacks the attribute to send, a setting
// or secret is missing. The message names the cause and is what the run records. Most causes
// stay the same however often the activity is tried, so an ActivityError is final unless it is
// marked retryable (a receiver that could not be reached, a 5xx, a rate limit); the runner
// retries only what may succeed later (runner.ts).
import { ValidationError } from "../../errors/domain";
import { Neo4jError } from "../../neo4j/errors";

export class ActivityError extends Error {
  override name = "ActivityError";
  readonly retryable: boolean;

  constructor(message: string, { retryable = false }: { retryable?: boolean } = {}) {
    super(message);
    this.retryable = retryable;
  }
}

/** A receiver's HTTP status that may differ later: timeouts, rate limits and server errors. */
export const retryableStatus = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

/**
 * Whether trying the activity again may succeed. Not: a final ActivityError, a validation error
 * (a stored definition or input rows breaking a rule), an error Neo4j blames on the query
 * (syntax, semantics, arithmetic) other than its time limit. Anything else (Neo4j unreachable or
 * overloaded, a fault of the platform) may pass.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ActivityError) return error.retryable;
  if (error instanceof ValidationError) return false;
  if (error instanceof Neo4jError) return !error.isClientError || error.isTimeout;
  return true;
}
