// Every request that carries a body must declare it as JSON. A cross-site form or a
// `text/plain` fetch is a "simple request" a browser sends without asking the server first;
// requiring application/json forces a CORS preflight, which this server never grants. The one
// exception, a plugin package as application/zip, needs a preflight just the same.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { isPackageUpload } from "./package-paths";

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  return length === null ? request.body !== null : Number(length) > 0;
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

export const jsonWrites = createMiddleware<AppEnv>(async (c, next) => {
  const contentType = c.req.header("content-type");
  if (hasBody(c.req.raw) && !isJson(contentType) && !isPackageUpload(c.req.raw, c.req.path)) {
    const given = contentType ? `Content-Type ${contentType}` : "no Content-Type";
    return c.json(
      { error: { code: "unsupported_media_type", message: `The request body must be JSON sent with Content-Type: application/json (got ${given})` } },
      415,
    );
  }
  await next();
});
