// Calls to the Worker's REST API: JSON in and out, the Bearer token when signed in, and errors
// as ApiError carrying the server's code, message and per-field issues.
import { createClient } from "../../worker/api";
import { readToken } from "./auth/token-store";
import type { ApiErrorBody, FieldIssue } from "./types";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldIssue[] = [],
    readonly permission?: string,
  ) {
    super(message);
  }
}

/** Fired when the API answers 401: the session is gone, so the app shows sign-in again. */
export const UNAUTHENTICATED_EVENT = "seizu:unauthenticated";

export const apiPath = (...segments: string[]) => `/${segments.map(encodeURIComponent).join("/")}`;

/**
 * D1's session bookmark from the latest answer, sent with the next request: whichever read
 * replica serves it, the page sees at least what it has just saved.
 */
const BOOKMARK_HEADER = "seizu-d1-bookmark";
let bookmark: string | undefined;

/**
 * `body` goes as JSON; a Blob (a plugin's zip) or FormData goes as it is, with the Blob's type or
 * the form's multipart type.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const raw = body instanceof Blob || body instanceof FormData;
  if (body instanceof Blob) headers["content-type"] = body.type;
  else if (body !== undefined && !raw) headers["content-type"] = "application/json";
  const token = readToken(sessionStorage);
  if (token) headers.authorization = `Bearer ${token}`;
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : raw ? body : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, "network", `The server could not be reached (${(error as Error).message}).`);
  }
  bookmark = response.headers.get(BOOKMARK_HEADER) ?? bookmark;
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    // Whatever answered may not be the API (a proxy, a platform error page): every part is optional.
    const error = (json as { error?: Partial<ApiErrorBody> } | undefined)?.error;
    if (response.status === 401) window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
    throw new ApiError(
      response.status,
      error?.code ?? "http_error",
      error?.message ?? `${response.status} ${response.statusText}`,
      error?.fields ?? [],
      error?.permission,
    );
  }
  return json as T;
}

export const get = <T>(path: string) => api<T>("GET", path);

/** The REST operations by name, typed by their schemas (worker/client), over `api`. */
export const client = createClient((request) => api(request.method, request.path, request.body));

/** A one-line explanation of an error for people, by status. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return String((error as Error)?.message ?? error);
  switch (error.status) {
    case 403:
      return `You do not have permission to do this${error.permission ? ` (needs ${error.permission})` : ""}.`;
    case 404:
      return `Not found: ${error.message}`;
    case 503:
    case 504:
      return `Neo4j is unavailable or too slow: ${error.message}`;
    default:
      return error.message;
  }
}
