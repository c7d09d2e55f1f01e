// The REST client: JSON in and out under {server}/api/v1, the Bearer token when one is set,
// and every failure turned into an error that prints as one line.
import { ApiError, UnreachableError } from "./errors.mjs";

/** A path segment for an id typed by the user: ids never need escaping, bad input still must. */
export const segment = (/** @type {string | number} */ value) => encodeURIComponent(String(value));

/**
 * @param {{ server: string, token?: string }} settings
 */
export function createClient({ server, token }) {
  /**
   * @param {string} method
   * @param {string} path under /api/v1, starting with "/"
   * @param {unknown} [body]
   * @returns {Promise<any>} the parsed JSON reply, or null for 204
   */
  async function request(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    let response;
    try {
      response = await fetch(`${server}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new UnreachableError(`cannot reach ${server}: ${networkReason(error)}`);
    }
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      const fallback = `${method} ${path} failed: ${response.statusText || "error"}`;
      throw new ApiError(response.status, json?.error && typeof json.error === "object" ? json.error : undefined, fallback);
    }
    if (response.status === 204 || text === "") return null;
    if (json === undefined) throw new ApiError(response.status, undefined, `${method} ${path} answered with something that is not JSON`);
    return json;
  }

  return {
    get: (/** @type {string} */ path) => request("GET", path),
    post: (/** @type {string} */ path, /** @type {unknown} */ body) => request("POST", path, body),
    patch: (/** @type {string} */ path, /** @type {unknown} */ body) => request("PATCH", path, body),
    delete: (/** @type {string} */ path) => request("DELETE", path),
  };
}

/** @typedef {ReturnType<typeof createClient>} Client */

function parseJson(/** @type {string} */ text) {
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
function networkReason(/** @type {any} */ error) {
  const cause = error?.cause;
  const message = cause?.message || "";
  if (cause?.code) return message.includes(cause.code) ? message : `${cause.code}${message ? ` ${message}` : ""}`;
  return message || error?.message || String(error);
}
