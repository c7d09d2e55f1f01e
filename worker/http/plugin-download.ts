// GET /plugins/{plugin_id}/download as upstream Seizu serves it: the current revision's zip
// itself (application/zip, as an attachment named <id>-<revision>.zip), which `seizu plugins
// download -o FILE` writes out as it comes. A request that accepts application/json falls
// through to the JSON operation of the same path (base64, as /versions/{revision}/download).
import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { requires } from "./authorize";
import { plugins } from "../operations/services";
import { operationContext } from "./operation-context";

export const pluginDownloads = new Hono<AppEnv>().get("/plugins/:plugin_id/download", requires("plugins:read"), async (c, next) => {
  if ((c.req.header("accept") ?? "").includes("application/json")) return next();
  const service = plugins(operationContext(c));
  // The route's own parameter: always present.
  const id = c.req.param("plugin_id") as string;
  const revision = await service.currentRevision(id);
  const { zip } = await service.package(id, revision);
  return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/zip",
    "content-disposition": `attachment; filename="${id}-${revision}.zip"`,
  });
});
