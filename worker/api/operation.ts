// One REST operation, declared once: its route, permission, input and output schemas and what
// it runs. The REST routes, the OpenAPI document and the built-in MCP tools are all derived
// from these declarations, so an operation's rules and permission cannot diverge between them.
import type { z } from "zod";
import type { Permission } from "../auth/permissions";
import type { Principal } from "../auth/principal";
import type { Config } from "../config";
import type { Env } from "../env";

export interface OperationContext {
  env: Env;
  config: Config;
  principal: Principal;
  /** The HTTP request (REST) or MCP request the operation serves. */
  request: Request;
}

export interface OperationInput {
  /** Path parameters, parsed by the operation's `params` schema. */
  params: Record<string, unknown>;
  /** The request body as sent (services parse it with the operation's `body` schema). */
  body: unknown;
}

export interface Operation {
  /** Unique, lower_snake_case: `{group}_{action}` (toolsets_list, graph_query, ...). */
  operationId: string;
  /** The built-in tool group this operation belongs to. */
  group: string;
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path template under /api/v1: /toolsets/{toolset_id}. */
  path: string;
  summary: string;
  /** What the caller must hold; undefined means any authenticated caller. */
  permission?: Permission;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** The success body; null for 204 No Content. */
  response: z.ZodType | null;
  status?: 200 | 201;
  run(ctx: OperationContext, input: OperationInput): Promise<unknown>;
}

export function defineOperations(operations: Operation[]): Operation[] {
  return operations;
}

/** The caller's subject, recorded as the author of a change. */
export const authorOf = (ctx: OperationContext) => ctx.principal.subject;

/** A parsed path parameter (the operation's `params` schema has checked its type). */
export const param = <T = string>(params: Record<string, unknown>, name: string) => params[name] as T;
