// Per-request construction of services from bindings and configuration.
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { loadConfig } from "../config";
import { neo4jClient } from "../neo4j/connect";
import type { ResultLimits } from "../results/bounded";
import { ToolsetService } from "../toolsets/service";

export function toolsetService(c: Context<AppEnv>): ToolsetService {
  const config = loadConfig(c.env);
  return new ToolsetService({ db: c.env.DB, config, neo4j: neo4jClient(config) });
}

export function resultLimits(c: Context<AppEnv>): ResultLimits {
  const config = loadConfig(c.env);
  return { maxRows: config.MCP_TOOL_RESULT_MAX_ROWS, maxBytes: config.MCP_TOOL_RESULT_MAX_BYTES };
}
