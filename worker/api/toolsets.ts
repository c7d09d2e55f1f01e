// REST: /api/v1/toolsets and the tools nested in them. Each route names its permission.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env";
import { requires } from "../auth/authorize";
import { jsonBody, versionParam } from "./request";
import { resultLimits, toolsetService } from "./services";

const author = (c: Context<AppEnv>) => c.get("principal").subject;
const ts = (c: Context<AppEnv>) => c.req.param("toolset_id") as string;
const tool = (c: Context<AppEnv>) => c.req.param("tool_id") as string;

export const toolsets = new Hono<AppEnv>()
  .get("/toolsets", requires("toolsets:read"), async (c) => c.json({ toolsets: await toolsetService(c).listToolsets() }))
  // Before /toolsets/:toolset_id; "import" and "export" are reserved toolset ids.
  .get("/toolsets/export", requires("toolsets:read"), async (c) => c.json(await toolsetService(c).exportToolsets()))
  .post("/toolsets/import", requires("toolsets:write"), async (c) => c.json(await toolsetService(c).importToolsets(await jsonBody(c), author(c))))
  .post("/toolsets", requires("toolsets:write"), async (c) => c.json(await toolsetService(c).createToolset(await jsonBody(c), author(c)), 201))
  .get("/toolsets/:toolset_id", requires("toolsets:read"), async (c) => c.json(await toolsetService(c).getToolset(ts(c))))
  .patch("/toolsets/:toolset_id", requires("toolsets:write"), async (c) => c.json(await toolsetService(c).updateToolset(ts(c), await jsonBody(c), author(c))))
  .delete("/toolsets/:toolset_id", requires("toolsets:delete"), async (c) => {
    await toolsetService(c).deleteToolset(ts(c));
    return c.body(null, 204);
  })
  .get("/toolsets/:toolset_id/versions", requires("toolsets:read"), async (c) => c.json({ versions: await toolsetService(c).toolsetVersions(ts(c)) }))
  .get("/toolsets/:toolset_id/versions/:version", requires("toolsets:read"), async (c) => c.json(await toolsetService(c).toolsetVersion(ts(c), versionParam(c))))
  .post("/toolsets/:toolset_id/versions/:version/restore", requires("toolsets:write"), async (c) =>
    c.json(await toolsetService(c).restoreToolset(ts(c), versionParam(c), await jsonBody(c), author(c))),
  )
  .get("/toolsets/:toolset_id/tools", requires("tools:read"), async (c) => c.json({ tools: await toolsetService(c).listTools(ts(c)) }))
  .post("/toolsets/:toolset_id/tools", requires("tools:write"), async (c) => c.json(await toolsetService(c).createTool(ts(c), await jsonBody(c), author(c)), 201))
  .get("/toolsets/:toolset_id/tools/:tool_id", requires("tools:read"), async (c) => c.json(await toolsetService(c).getTool(ts(c), tool(c))))
  .patch("/toolsets/:toolset_id/tools/:tool_id", requires("tools:write"), async (c) =>
    c.json(await toolsetService(c).updateTool(ts(c), tool(c), await jsonBody(c), author(c))),
  )
  .delete("/toolsets/:toolset_id/tools/:tool_id", requires("tools:delete"), async (c) => {
    await toolsetService(c).deleteTool(ts(c), tool(c));
    return c.body(null, 204);
  })
  .get("/toolsets/:toolset_id/tools/:tool_id/versions", requires("tools:read"), async (c) => c.json({ versions: await toolsetService(c).toolVersions(ts(c), tool(c)) }))
  .get("/toolsets/:toolset_id/tools/:tool_id/versions/:version", requires("tools:read"), async (c) =>
    c.json(await toolsetService(c).toolVersion(ts(c), tool(c), versionParam(c))),
  )
  .post("/toolsets/:toolset_id/tools/:tool_id/versions/:version/restore", requires("tools:write"), async (c) =>
    c.json(await toolsetService(c).restoreTool(ts(c), tool(c), versionParam(c), await jsonBody(c), author(c))),
  )
  .post("/toolsets/:toolset_id/tools/:tool_id/call", requires("tools:call"), async (c) =>
    c.json({ results: await toolsetService(c).callTool(ts(c), tool(c), await jsonBody(c), resultLimits(c)) }),
  );
