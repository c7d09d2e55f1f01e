// POST /api/v1/mcp: the MCP endpoint, stateless Streamable HTTP for every protocol revision.
// The SDK's handler enforces the 4 MiB body limit (413) before anything is parsed, and
// answers malformed JSON-RPC with the proper JSON-RPC errors.
import { createMcpHandler } from "@modelcontextprotocol/server";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { publicBase } from "../auth/public-url";
import { loadConfig } from "../config";
import { signedStateCodec } from "../confirmations/signed-state";
import { parseFilters } from "../mcp/filters";
import { buildMcpServer } from "../mcp/server";
import { builtinToolSource } from "../mcp/builtin-tools";
import { pluginPromptSource } from "../mcp/plugin-prompts";
import { skillPromptSource } from "../mcp/prompts";
import { userToolSource } from "../mcp/user-tools";
import { neo4jClient } from "../neo4j/connect";
import { resultLimits } from "../operations/services";
import { operationContext } from "./operation-context";

export const mcp = new Hono<AppEnv>().all("/mcp", async (c) => {
  const config = loadConfig(c.env);
  if (!config.MCP_ENABLED) return c.json({ error: { code: "not_found", message: "The MCP endpoint is disabled (MCP_ENABLED=false)" } }, 404);
  const filters = parseFilters(new URL(c.req.url));
  const principal = c.get("principal");
  const sources = [
    userToolSource({ db: c.env.DB, neo4j: neo4jClient(config), allowedProcedures: config.QUERY_VALIDATOR_ALLOWED_PROCEDURES, limits: resultLimits(config) }),
    builtinToolSource({ ...operationContext(c), base: publicBase(config, c.req.raw) }),
  ];
  const prompts = [skillPromptSource(c.env.DB), pluginPromptSource(c.env.DB, c.env.PLUGIN_BLOBS)];
  const verify = config.MCP_SIGNED_STATE_KEY ? signedStateCodec(config, principal).verify : undefined;
  const handler = createMcpHandler(() => buildMcpServer(sources, filters, principal, verify, prompts), { onerror: (error) => console.error("mcp:", error) });
  return handler.fetch(c.req.raw);
});
