// Upstream Seizu's ad-hoc query routes (POST /validate, POST /query/adhoc) over this server's
// guarded graph service: upstream's body ({query, params}) and answers ({errors, warnings},
// {results, errors, warnings, history_id}), with every check of graph__validate_query and
// graph__query applied unchanged.
import { z } from "zod";
import type { CypherIssue } from "../cypher/issue";
import { ValidationError } from "../errors/domain";
import type { BoundedResult } from "../results/bounded";
import { cypher } from "./schemas";

export const upstreamQueryInput = z
  .object({
    query: cypher,
    params: z
      .record(z.string(), z.unknown(), { error: "must be an object of parameter values" })
      .nullable()
      .optional()
      .describe("Values for the query's $parameters"),
  })
  .strict();

const issueText = (issue: CypherIssue) => `${issue.message} (${issue.rule}, line ${issue.line}, column ${issue.column})`;
const notificationText = (notification: Record<string, unknown>) => String(notification.description ?? notification.title ?? JSON.stringify(notification));

type Validation = { valid: true; notifications: Record<string, unknown>[] } | { valid: false; errors: CypherIssue[] };

export function upstreamValidation(result: Validation) {
  return result.valid ? { errors: [], warnings: result.notifications.map(notificationText) } : { errors: result.errors.map(issueText), warnings: [] };
}

/** Invalid Cypher is refused as this API refuses any bad field, naming upstream's field `query`. */
export async function asQueryField<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.issues.map((issue) => (issue.field === "cypher" ? { ...issue, field: "query" } : issue)));
  }
}

/** Upstream answers a list of rows and the query's history entry; a bound reached here is said in `warnings`. */
export function upstreamResults(result: BoundedResult, historyId: string) {
  const answer = { errors: [] as string[], history_id: historyId };
  if (Array.isArray(result)) return { ...answer, results: result, warnings: [] };
  if (typeof result === "string") return { ...answer, results: [], warnings: [result] };
  const warning = `Truncated (${result.truncated_reasons.join(", ")}): ${result.returned} of at least ${result.total_rows_at_least} rows returned (at most ${result.max_rows} rows, ${result.max_bytes} bytes)`;
  return { ...answer, results: result.rows, warnings: [warning] };
}
