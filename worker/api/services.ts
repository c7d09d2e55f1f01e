// Services built per request from bindings and configuration.
import type { Config } from "../config";
import type { Env } from "../env";
import { neo4jClient } from "../neo4j/connect";
import type { ResultLimits } from "../results/bounded";
import { RoleService } from "../roles/service";
import { ToolsetService } from "../toolsets/service";
import { GraphService } from "../graph/service";

export interface ServiceContext {
  env: Env;
  config: Config;
}

export function toolsetService({ env, config }: ServiceContext): ToolsetService {
  return new ToolsetService({ db: env.DB, config, neo4j: neo4jClient(config) });
}

export function roleService({ env }: ServiceContext): RoleService {
  return new RoleService(env.DB);
}

export function resultLimits(config: Config): ResultLimits {
  return { maxRows: config.MCP_TOOL_RESULT_MAX_ROWS, maxBytes: config.MCP_TOOL_RESULT_MAX_BYTES };
}

export function graphService({ config }: ServiceContext): GraphService {
  return new GraphService({ neo4j: neo4jClient(config), config });
}
