// The one place the CLI talks HTTP: JSON in and out under {server}/api/v1 (a plugin package
// goes out as application/zip, as it is), the Bearer token when one is set, and every failure turned into an error that prints as one line. The routes
// and the types of their replies are api.ts's.
import { ApiError, type ServerError, UnreachableError } from "./errors";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Sends one request; resolves to the parsed JSON reply, or null for 204. The reply is not
 * checked against `Reply`: the caller names the type its route declares.
 * @param path under /api/v1, starting with "/"
 */
export type Send = <Reply>(method: Method, path: string, body?: unknown) => Promise<Reply>;

/** D1's session bookmark: sent back so each command reads at least what the one before wrote. */
const BOOKMARK_HEADER = "seizu-d1-bookmark";

/**
 * Opens a GET whose reply is a file (an audit export): resolves to its body as it streams, once
 * the status says it is no error (an error's JSON body becomes the same one-line ApiError).
 * @param path under /api/v1, starting with "/"
 */
export type Download = (path: string) => Promise<ReadableStream<Uint8Array>>;

export function createDownload({ server, token }: { server: string; token?: string | undefined }): Download {
  return async (path) => {
    let response: Response;
    try {
      response = await fetch(`${server}/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    } catch (error) {
      throw new UnreachableError(`cannot reach ${server}: ${networkReason(error)}`);
    }
    if (!response.ok || !response.body) {
      const json = parseJson(await response.text());
      throw new ApiError(response.status, serverError(json), `GET ${path} failed: ${response.statusText || "error"}`);
    }
    return response.body;
  };
}

export function createTransport({ server, token }: { server: string; token?: string | undefined }): Send {
  let bookmark: string | undefined;
  return async <Reply>(method: Method, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: "application/json" };
    const zip = body instanceof Uint8Array;
    if (body !== undefined) headers["content-type"] = zip ? "application/zip" : "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
    let response: Response;
    try {
      // A package is read from a file, never shared memory; the tests type-check the CLI under the Workers' fetch, which takes no SharedArrayBuffer.
      response = await fetch(`${server}/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : zip ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
      });
    } catch (error) {
      throw new UnreachableError(`cannot reach ${server}: ${networkReason(error)}`);
    }
    bookmark = response.headers.get(BOOKMARK_HEADER) ?? bookmark;
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      const fallback = `${method} ${path} failed: ${response.statusText || "error"}`;
      throw new ApiError(response.status, serverError(json), fallback);
    }
    if (response.status === 204 || text === "") return null as Reply;
    if (json === undefined) throw new ApiError(response.status, undefined, `${method} ${path} answered with something that is not JSON`);
    return json as Reply;
  };
}

/** The `error` object of an error reply; anything else at that place is no error the CLI can describe. */
function serverError(json: unknown): ServerError | undefined {
  const error = json !== null && typeof json === "object" && "error" in json ? json.error : undefined;
  return error && typeof error === "object" ? error : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * fetch() says only "fetch failed"; the reason is in its cause, which for a host name with
 * several addresses is an AggregateError carrying just a code.
 */
function networkReason(error: unknown) {
  const { cause, message: own } = (error ?? {}) as { cause?: { code?: string; message?: string }; message?: string };
  const message = cause?.message || "";
  if (cause?.code) return message.includes(cause.code) ? message : `${cause.code}${message ? ` ${message}` : ""}`;
  return message || own || String(error);
}
