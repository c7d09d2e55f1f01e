// The services an operation runs, built per request from its context: bindings and settings.
import { auditPrincipalOf } from "../audit/caller";
import type { Config } from "../config";
import { GraphService } from "../graph/service";
import { neo4jClient } from "../neo4j/connect";
import type { ResultLimits } from "../results/bounded";
import { PluginService } from "../plugins/service";
import { ReportService } from "../reports/service";
import { roleResource } from "../roles/resources";
import type { ToolNames } from "../skillsets/required-tools";
import { skillResource, skillsetResource } from "../skillsets/resources";
import { SpaceService } from "../spaces/service";
import type { CypherCheckDeps } from "../queries/run";
import { toolResource, toolsetResource } from "../toolsets/resources";
import { reconcile } from "../workflows/reconcile";
import { WorkflowService } from "../workflows/service";
import type { OperationContext } from "./operation";

export function resultLimits(config: Config): ResultLimits {
  return { maxRows: config.MCP_TOOL_RESULT_MAX_ROWS, maxBytes: config.MCP_TOOL_RESULT_MAX_BYTES };
}

/** Neo4j for the operation's request: its queries end when the caller hangs up, and are timed for the audit log. */
export const neo4jFor = ({ config, background, request, call }: OperationContext) =>
  neo4jClient(config, { background, signal: request.signal, ...(call ? { timed: call.timeNeo4j } : {}) });

/** What saving or running a tool's Cypher needs: Neo4j (EXPLAIN) and the procedure allowlist. */
export function cypherDeps(ctx: OperationContext): CypherCheckDeps {
  return { neo4j: neo4jFor(ctx), allowedProcedures: ctx.config.QUERY_VALIDATOR_ALLOWED_PROCEDURES };
}

export const toolsets = (ctx: OperationContext) => toolsetResource(ctx.db);
export const tools = (ctx: OperationContext) => toolResource(ctx.db, cypherDeps(ctx));
export const roles = (ctx: OperationContext) => roleResource(ctx.db);
export const reports = (ctx: OperationContext) => new ReportService({ db: ctx.db, caller: ctx.principal.subject, cypher: cypherDeps(ctx), config: ctx.config });
export const spaces = (ctx: OperationContext) => new SpaceService(ctx.db, ctx.principal.subject);
export const skillsets = (ctx: OperationContext) => skillsetResource(ctx.db);
/** Skills check the tools they require against D1's tools and the built-ins this server serves. */
export const skillToolNames = (ctx: OperationContext): ToolNames => ({ db: ctx.db, builtins: () => ctx.builtins.tools().map((tool) => tool.mcp_name) });
export const skills = (ctx: OperationContext) => skillResource(skillToolNames(ctx));
export const plugins = (ctx: OperationContext) => new PluginService({ db: ctx.db, bucket: ctx.env.PLUGIN_BLOBS, permissions: ctx.principal.permissions });
export const graph = (ctx: OperationContext) => new GraphService({ neo4j: neo4jFor(ctx), config: ctx.config });
/** A run request is claimed at once, in the background, on the request's own session (it reads its write). */
export const workflows = (ctx: OperationContext) =>
  new WorkflowService({
    db: ctx.db,
    caller: ctx.principal.subject,
    requester: auditPrincipalOf(ctx.principal),
    cypher: cypherDeps(ctx),
    config: ctx.config,
    claimSoon: (id) =>
      ctx.background(
        reconcile({ db: ctx.db, engine: ctx.env.WORKFLOW_RUNS, neo4j: () => neo4jClient(ctx.config, { background: ctx.background }) }, new Date(), id),
      ),
  });
