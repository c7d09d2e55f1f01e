// Every failure the CLI reports, with the exit code that tells scripts what kind it was.
// Messages are one line: the entry point prints `seizu: <message>` to stderr.
import type { z } from "zod";
import type { errorResponse, FieldIssue } from "../worker/api";

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_UNREACHABLE = 3;

/**
 * The JSON error of a failed request, as far as it was sent: the Worker sends every field its
 * schema requires, but whatever else answers at the server's URL (a proxy) may leave any out.
 */
export type ServerError = Partial<z.output<typeof errorResponse>["error"]>;

/** Bad command line, flag value, configuration or file path: the user has to change the call. */
export class UsageError extends Error {
  exitCode = EXIT_USAGE;
}

/** Something the CLI itself had to do failed (writing a file). */
export class LocalFailure extends Error {
  exitCode = EXIT_FAILURE;
}

/** The server could not be reached at all (refused, DNS, TLS, reset). */
export class UnreachableError extends Error {
  exitCode = EXIT_UNREACHABLE;
}

/** The server answered with an error status; `error` is its JSON error, when it sent one. */
export class ApiError extends Error {
  exitCode = EXIT_FAILURE;

  /** @param fallback the message when the server sent no JSON error */
  constructor(
    readonly status: number,
    readonly error: ServerError | undefined,
    fallback: string,
  ) {
    super(`${error ? describeServerError(error) : fallback} (HTTP ${status})`);
  }
}

/**
 * A seed or export file that cannot be used; `lines` are `file:line:column: path: message`,
 * one per problem, like a compiler's diagnostics.
 */
export class FileProblemsError extends Error {
  exitCode = EXIT_FAILURE;

  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
  }
}

/** `field:line:column: message`, the position being inside the field's value (Cypher). */
function describeField(issue: FieldIssue) {
  const at = issue.line !== undefined && issue.column !== undefined ? `:${issue.line}:${issue.column}` : "";
  return `${issue.field}${at}: ${issue.message}`;
}

/**
 * The server's message, then each field. The server's message for a validation error is
 * already its fields joined (without positions), so then the fields alone are shown.
 */
function describeServerError(error: ServerError) {
  const fields = error.fields ?? [];
  const message = error.message ?? error.code ?? "request failed";
  if (fields.length === 0) return message;
  const plain = fields.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
  const described = fields.map(describeField).join("; ");
  return message === plain ? described : `${message}: ${described}`;
}
