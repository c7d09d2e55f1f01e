// POST /api/v1/mcp: the MCP endpoint, stateless Streamable HTTP for every protocol revision.
// The SDK's handler enforces the 4 MiB body limit (413) before anything is parsed, and
// answers malformed JSON-RPC with the proper JSON-RPC errors.
//
// The handler is built once per isolate; what differs per request (the caller, the URL's
// filters, the tool and prompt sources over this request's bindings) is found when the handler asks for a
// server. The SDK hands its server factory the request (re-created on the 2025 revisions' path,
// whose body it has read) and the auth info given to fetch, so the request's server is keyed by
// that auth info object: the caller as MCP describes it.
import { type AuthInfo, createMcpHandler, type Server, type ServerContext } from "@modelcontextprotocol/server";
import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { publicBase } from "../auth/public-url";
import { loadConfig } from "../config";
import { signedStateCodec } from "../confirmations/signed-state";
import { spend } from "../limits/budgets";
import { builtinToolSource } from "../mcp/builtin-tools";
import { parseFilters, readOnlyFilters } from "../mcp/filters";
import { buildMcpServer } from "../mcp/server";
import { pluginPromptSource } from "../mcp/plugin-prompts";
import { skillPromptSource } from "../mcp/prompts";
import { userToolSource } from "../mcp/user-tools";
import { neo4jClient } from "../neo4j/connect";
import { resultLimits } from "../operations/services";
import { operationContext } from "./operation-context";

const servers = new WeakMap<AuthInfo, () => Server>();

const handler = createMcpHandler(
  ({ authInfo }) => {
    const build = authInfo && servers.get(authInfo);
    if (!build) throw new Error("MCP request without its context");
    return build();
  },
  { onerror: (error) => console.error("mcp:", error) },
);

export const mcp = new Hono<AppEnv>().all("/mcp", async (c) => {
  const config = loadConfig(c.env);
  if (!config.MCP_ENABLED) return c.json({ error: { code: "not_found", message: "The MCP endpoint is disabled (MCP_ENABLED=false)" } }, 404);
  const ctx = operationContext(c, "mcp");
  // A client granted mcp:read sees the read-only tools only, as ?access=read_only would show it.
  const filters = ctx.principal.grant?.access === "read_only" ? readOnlyFilters(parseFilters(c.req.url)) : parseFilters(c.req.url);
  const sources = [
    userToolSource({
      db: ctx.db,
      neo4j: neo4jClient(config, { background: ctx.background, signal: c.req.raw.signal, timed: ctx.call?.timeNeo4j }),
      allowedProcedures: config.QUERY_VALIDATOR_ALLOWED_PROCEDURES,
      limits: resultLimits(config),
      cache: { database: config.NEO4J_DATABASE, background: ctx.background, permissions: ctx.principal.permissions },
      definitionCacheSeconds: config.TOOL_DEFINITION_CACHE_SECONDS,
      call: ctx.call,
    }),
    builtinToolSource({ ...ctx, base: publicBase(config, c.req.raw) }),
  ];
  const prompts = [skillPromptSource(ctx.db), pluginPromptSource(ctx.db, c.env.PLUGIN_BLOBS)];
  // The codec is made only when a client echoes a request state: most calls carry none.
  const verify = config.MCP_SIGNED_STATE_KEY
    ? (state: string, context: ServerContext) => signedStateCodec(config, ctx.principal).verify(state, context)
    : undefined;
  const audit = ctx.call && { trail: ctx.audit, meter: ctx.call };
  const authInfo: AuthInfo = { token: ctx.principal.tokenDigest, clientId: ctx.principal.subject, scopes: [...ctx.principal.permissions] };
  servers.set(authInfo, () =>
    buildMcpServer(sources, filters, ctx.principal, { verifyRequestState: verify, prompts, spend: (budget) => spend(ctx, budget), audit }),
  );
  return handler.fetch(c.req.raw, { authInfo });
});
