// REST: /api/v1/toolsets and the tools nested in them.
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { jsonBody, versionParam } from "./request";
import { resultLimits, toolsetService } from "./services";

const author = (c: { get: (key: "principal") => { subject: string } }) => c.get("principal").subject;

export const toolsets = new Hono<AppEnv>()
  .get("/toolsets", async (c) => c.json({ toolsets: await toolsetService(c).listToolsets() }))
  // Before /toolsets/:toolset_id; "import" and "export" are reserved toolset ids.
  .get("/toolsets/export", async (c) => c.json(await toolsetService(c).exportToolsets()))
  .post("/toolsets/import", async (c) => c.json(await toolsetService(c).importToolsets(await jsonBody(c), author(c))))
  .post("/toolsets", async (c) => c.json(await toolsetService(c).createToolset(await jsonBody(c), author(c)), 201))
  .get("/toolsets/:toolset_id", async (c) => c.json(await toolsetService(c).getToolset(c.req.param("toolset_id"))))
  .patch("/toolsets/:toolset_id", async (c) => c.json(await toolsetService(c).updateToolset(c.req.param("toolset_id"), await jsonBody(c), author(c))))
  .delete("/toolsets/:toolset_id", async (c) => {
    await toolsetService(c).deleteToolset(c.req.param("toolset_id"));
    return c.body(null, 204);
  })
  .get("/toolsets/:toolset_id/versions", async (c) => c.json({ versions: await toolsetService(c).toolsetVersions(c.req.param("toolset_id")) }))
  .get("/toolsets/:toolset_id/versions/:version", async (c) => c.json(await toolsetService(c).toolsetVersion(c.req.param("toolset_id"), versionParam(c))))
  .post("/toolsets/:toolset_id/versions/:version/restore", async (c) =>
    c.json(await toolsetService(c).restoreToolset(c.req.param("toolset_id"), versionParam(c), await jsonBody(c), author(c))),
  )
  .get("/toolsets/:toolset_id/tools", async (c) => c.json({ tools: await toolsetService(c).listTools(c.req.param("toolset_id")) }))
  .post("/toolsets/:toolset_id/tools", async (c) => c.json(await toolsetService(c).createTool(c.req.param("toolset_id"), await jsonBody(c), author(c)), 201))
  .get("/toolsets/:toolset_id/tools/:tool_id", async (c) => c.json(await toolsetService(c).getTool(c.req.param("toolset_id"), c.req.param("tool_id"))))
  .patch("/toolsets/:toolset_id/tools/:tool_id", async (c) =>
    c.json(await toolsetService(c).updateTool(c.req.param("toolset_id"), c.req.param("tool_id"), await jsonBody(c), author(c))),
  )
  .delete("/toolsets/:toolset_id/tools/:tool_id", async (c) => {
    await toolsetService(c).deleteTool(c.req.param("toolset_id"), c.req.param("tool_id"));
    return c.body(null, 204);
  })
  .get("/toolsets/:toolset_id/tools/:tool_id/versions", async (c) =>
    c.json({ versions: await toolsetService(c).toolVersions(c.req.param("toolset_id"), c.req.param("tool_id")) }),
  )
  .get("/toolsets/:toolset_id/tools/:tool_id/versions/:version", async (c) =>
    c.json(await toolsetService(c).toolVersion(c.req.param("toolset_id"), c.req.param("tool_id"), versionParam(c))),
  )
  .post("/toolsets/:toolset_id/tools/:tool_id/versions/:version/restore", async (c) =>
    c.json(await toolsetService(c).restoreTool(c.req.param("toolset_id"), c.req.param("tool_id"), versionParam(c), await jsonBody(c), author(c))),
  )
  .post("/toolsets/:toolset_id/tools/:tool_id/call", async (c) =>
    c.json({ results: await toolsetService(c).callTool(c.req.param("toolset_id"), c.req.param("tool_id"), await jsonBody(c), resultLimits(c)) }),
  );
