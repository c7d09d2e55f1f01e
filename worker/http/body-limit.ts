// Request bodies of the REST API are at most 4 MiB, as MCP requests are (the MCP SDK's own
// limit answers those): a larger body is refused with 413 before it is read to the end, so one
// request cannot hold the Worker's memory with a body no definition needs.
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { MCP_PATH } from "../auth/public-url";
import { isPackageUpload } from "./package-paths";

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) =>
    c.json({ error: { code: "payload_too_large", message: `The request body is over ${MAX_BODY_BYTES} bytes (4 MiB), the most the API takes` } }, 413),
});

/** The MCP SDK limits its own bodies; a plugin package upload has its own limit (http/plugin-upload.ts). */
export const restBodyLimit = createMiddleware<AppEnv>((c, next) =>
  c.req.path === MCP_PATH || isPackageUpload(c.req.raw, c.req.path) ? next() : limit(c, next),
);
