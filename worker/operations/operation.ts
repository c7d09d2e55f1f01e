// One operation of the API, declared once: its route, permission, input and output schemas and
// what it runs. The REST routes, the OpenAPI document and the built-in MCP tools are all derived
// from these declarations, so an operation's rules and permission cannot diverge between them.
//
// Input is parsed once, at the edge that received it (operations/parse.ts), with the declared
// schemas: `run` receives typed values, and what it returns must fit the declared response.
import type { z } from "zod";
import type { CallKind, CallMeter } from "../audit/call";
import type { AuditTrail } from "../audit/trail";
import type { Permission } from "../auth/permissions";
import type { Budget } from "../limits/budgets";
import type { Principal } from "../auth/principal";
import type { Config } from "../config";
import type { Env } from "../env";
import type { Db } from "../store/db";
import type { FieldIssue } from "../errors/domain";
import type { FileReply } from "./file-reply";
import type { BuiltinToolsetView, BuiltinToolView } from "./responses";

/**
 * The built-in tools as the toolsets API shows them (the read-only `seizu` toolset). The edge
 * provides it: the built-in tools are made from the operations, so operations cannot import them.
 */
export interface BuiltinCatalog {
  toolset(): BuiltinToolsetView;
  /** The tools of the groups MCP_ENABLED_BUILTINS enables. */
  tools(): BuiltinToolView[];
}

export interface OperationContext {
  env: Env;
  config: Config;
  principal: Principal;
  /** The HTTP request (REST) or MCP request the operation serves. */
  request: Request;
  /** The request's D1 session; stores use it rather than env.DB (see http/d1-session.ts). */
  db: Db;
  builtins: BuiltinCatalog;
  /** Work that may finish after the response (the Worker's waitUntil). */
  background: (work: Promise<unknown>) => void;
  /** Where the request records what it did (worker/audit/). */
  audit: AuditTrail;
  /** Headers the REST response carries beside its body (X-Seizu-Cache); other edges have none. */
  responseHeaders?: Headers;
  /** The call the request serves, as the audit log records it (audit/call.ts); facts of the call are noted on it. */
  call?: CallMeter;
}

/** What a declared schema parses to: its output, or undefined where there is none. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What `run` may return: the declared response's input (a 204 operation returns nothing). */
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 operation's run resolves to nothing, as Promise<void> functions do
export type OperationResult<R> = R extends z.ZodType ? z.input<R> : void;

export interface OperationSpec<P extends z.ZodObject | undefined, B extends z.ZodType | undefined, R extends z.ZodType | null> {
  /** Unique, lower_snake_case: `{group}_{action}` (toolsets_list, graph_query, ...). */
  operationId: string;
  /** The built-in tool group this operation belongs to. */
  group: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path template under /api/v1: /toolsets/{toolset_id}. */
  path: string;
  summary: string;
  /** What the caller must hold; undefined means any authenticated caller. */
  permission?: Permission;
  params?: P;
  /**
   * Problems with the query string's parameters are validation errors (422, naming each field
   * and rule), as for a body, rather than a malformed request (400): filters a person types.
   */
  validatesQuery?: boolean;
  body?: B;
  /**
   * Refuses the call from its path alone (a built-in resource that cannot be changed), before
   * the body is parsed: the refusal is the answer whatever the body holds.
   */
  refuse?(ctx: OperationContext, params: Parsed<P>): void;
  /** The body may be left out; it then counts as `{}`. */
  optionalBody?: boolean;
  /**
   * The rate-limit budget a call spends (limits/budgets.ts): "calls" for operations that run
   * Cypher; "none" for a POST that only reads. Unset: "writes" for POST, PUT, PATCH and DELETE,
   * nothing for GET.
   */
  budget?: Budget | "none";
  /**
   * When the body breaks its schema, more problems found in the body as sent (the Cypher of
   * an import's well-formed tools), so one reply names every problem of a document.
   */
  furtherIssues?(ctx: OperationContext, body: unknown): Promise<FieldIssue[]>;
  /**
   * What a call acts on, as a person knows it (`workflow "Nightly CVEs"`, `tool demo/count_nodes`),
   * looked up, and the call checked as far as it can be without running, before anyone is asked
   * to approve it: it throws (NotFoundError for a missing target) when the call cannot run, so
   * nobody approves it. Every operation a gated built-in tool exposes declares one.
   */
  target?(ctx: OperationContext, input: { params: Parsed<P>; body: Parsed<B> }): Promise<string>;
  /**
   * The audit log records each call of this operation (audit/call.ts) as this kind, with these
   * of its arguments (the body when unset) on REST, and its arguments but the `secret` body
   * fields as a built-in MCP tool: never a token or a capability.
   */
  call?: { kind: CallKind; arguments?(body: Parsed<B>): Record<string, unknown> | undefined; secret?: string[] };
  /** The success body; null for 204 No Content. */
  response: R;
  /**
   * The media types the success comes in when it is not JSON (text/csv, application/jsonl):
   * `run` answers those as a FileReply. `response` then describes the body (a string), and JSON
   * stays among them only if listed.
   */
  produces?: string[];
  status?: 200 | 201 | 202;
  run(ctx: OperationContext, input: { params: Parsed<P>; body: Parsed<B> }): Promise<OperationResult<R> | FileReply>;
}

/** An operation with its types erased, as the edges that serve it see it. */
export type Operation = OperationSpec<z.ZodObject | undefined, z.ZodType | undefined, z.ZodType | null>;

/** Declares an operation; TypeScript checks `run` against the declared schemas. */
export function defineOperation<P extends z.ZodObject | undefined = undefined, B extends z.ZodType | undefined = undefined, R extends z.ZodType | null = null>(
  spec: OperationSpec<P, B, R>,
): Operation {
  return spec as unknown as Operation;
}

/** The budget a call of the operation spends, if any. */
export function budgetOf(operation: Operation): Budget | undefined {
  if (operation.budget === "none") return undefined;
  return operation.budget ?? (operation.method === "get" ? undefined : "writes");
}

/** The caller's subject, recorded as the author of a change. */
export const authorOf = (ctx: OperationContext) => ctx.principal.subject;
