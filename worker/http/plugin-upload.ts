// Agent Plugin packages uploaded as they are: POST /plugins/install and
// POST /plugins/{plugin_id}/publish?base_revision=N with Content-Type: application/zip, and
// upstream Seizu's form upload (multipart/form-data, the zip in a `package` file) to
// POST /plugins/install and /plugins/validate, up to the package limit (10 MiB), beside the JSON
// forms (base64 in the body), which the 4 MiB JSON limit caps at about 3 MiB of zip.
// application/zip needs a CORS preflight, which this server never grants; a form does not, and
// is refused from a foreign Origin like every request (allowed-hosts.ts). Other content types
// fall through to the JSON operations of the same paths.
import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "./app-env";
import { requires } from "./authorize";
import { parseInput } from "../input";
import { authorOf, type OperationContext } from "../operations/operation";
import { plugins } from "../operations/services";
import { spend } from "../limits/budgets";
import { LIMITS } from "../plugins/limits";
import { operationContext } from "./operation-context";
import { packageUpload } from "./package-paths";
import { ValidationError } from "../errors/domain";

const installQuery = z.object({ comment: z.string().max(1000, "must be at most 1000 characters").optional() }).strict();
const publishQuery = installQuery.extend({
  base_revision: z.coerce
    .number({ error: "is required: the current revision this publish replaces" })
    .int("must be a whole number")
    .min(1, "must be at least 1"),
});

const packageLimit = bodyLimit({
  maxSize: LIMITS.zipBytes,
  onError: (c) => c.json({ error: { code: "payload_too_large", message: `A plugin package may be at most ${LIMITS.zipBytes} bytes (10 MiB)` } }, 413),
});

/**
 * Runs `handle` for a zip body (within the package limit), after spending a write from the
 * caller's budget, as every write does; other content types are handed on.
 */
const zipUpload = (handle: (c: Context<AppEnv>, ctx: OperationContext) => Promise<Response>) => async (c: Context<AppEnv>, next: Next) => {
  if (!packageUpload(c.req.raw, c.req.path)) return next();
  const refused = await packageLimit(c, async () => {
    const ctx = operationContext(c);
    await spend(ctx, "writes");
    c.res = await handle(c, ctx);
  });
  return refused ?? c.res;
};

/** The zip the request carries: its body, or the `package` file of a form. */
async function zipOf(c: Context<AppEnv>): Promise<Uint8Array> {
  if (packageUpload(c.req.raw, c.req.path) === "zip") return new Uint8Array(await c.req.arrayBuffer());
  const form = await c.req.formData().catch(() => undefined);
  const file = form?.get("package");
  if (!(file instanceof File))
    throw new ValidationError([{ field: "package", rule: "required", message: "is required: the plugin's zip package as a file field of the form" }]);
  return new Uint8Array(await file.arrayBuffer());
}

export const pluginUploads = new Hono<AppEnv>()
  .post(
    "/plugins/install",
    requires("plugins:write"),
    zipUpload(async (c, ctx) => {
      const { comment } = parseInput(installQuery, c.req.query());
      return c.json(await plugins(ctx).installZip(await zipOf(c), comment, authorOf(ctx)), 201);
    }),
  )
  .post(
    "/plugins/validate",
    requires("plugins:write"),
    zipUpload(async (c, ctx) => c.json(await plugins(ctx).validateZip(await zipOf(c)))),
  )
  .post(
    "/plugins/:plugin_id/publish",
    requires("plugins:write"),
    zipUpload(async (c, ctx) => {
      const { comment, base_revision } = parseInput(publishQuery, c.req.query());
      // The route's own parameter: always present.
      const id = c.req.param("plugin_id") as string;
      return c.json(await plugins(ctx).publishZip(id, await zipOf(c), base_revision, comment, authorOf(ctx)));
    }),
  );
