// Every /api/v1 request reads and writes D1 through one D1 session (the Sessions API): reads
// may be served by the nearest read replica, and everything the request does is sequentially
// consistent. A request that names no bookmark starts anywhere ("first-unconstrained") when it
// reads (GET, and MCP, whose traffic is tool calls and lists), and on the primary when a REST
// write may read before it writes. Writes always go to the primary, and the stores' writes are
// conditional batches (a stale base version aborts them), so no start point can lose a write. The response carries the session's
// bookmark in Seizu-D1-Bookmark; a client that sends it back (the admin UI and the CLI do)
// reads at least its own writes, whichever replica answers.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { MCP_PATH } from "../auth/public-url";
import { BadRequestError } from "../errors/domain";
import { definitionWritesSettled } from "../store/definition-cache";

export const BOOKMARK_HEADER = "seizu-d1-bookmark";

/** D1 bookmarks are dash-separated hex fields; anything else cannot have come from a response. */
const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+)*$/i;
const BOOKMARK_MAX_LENGTH = 256;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

const readsFirst = (method: string, path: string) => READS.has(method) || path === MCP_PATH;

export const d1Session = createMiddleware<AppEnv>(async (c, next) => {
  const bookmark = c.req.header(BOOKMARK_HEADER);
  if (bookmark !== undefined && (bookmark.length > BOOKMARK_MAX_LENGTH || !BOOKMARK.test(bookmark))) {
    throw new BadRequestError(`The ${BOOKMARK_HEADER} header must be a bookmark as an earlier response gave it (hex fields separated by dashes)`);
  }
  const session = c.env.DB.withSession(bookmark ?? (readsFirst(c.req.method, c.req.path) ? "first-unconstrained" : "first-primary"));
  c.set("db", session);
  await next();
  definitionWritesSettled(session);
  const latest = session.getBookmark();
  if (!latest) return;
  try {
    c.res.headers.set(BOOKMARK_HEADER, latest);
  } catch {
    // Headers of a response taken from elsewhere are immutable: copy it to add one.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(BOOKMARK_HEADER, latest);
  }
});
