// REST routes generated from the operation declarations: permission check, the caller's rate
// limit, then the path parameters and the JSON body parsed with the operation's schemas, then the
// operation; the reply's status comes from the declaration.
import { type Handler, Hono, type MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { CallKind } from "../audit/call";
import type { AppEnv } from "./app-env";
import { requires } from "./authorize";
import { BadRequestError } from "../errors/domain";
import { spend } from "../limits/budgets";
import { budgetOf, type Operation } from "../operations/operation";
import { FileReply } from "../operations/file-reply";
import { parseBody, parseParams as parseQuery } from "../operations/parse";
import { jsonBody } from "./json-body";
import { operationContext } from "./operation-context";

/**
 * /toolsets/{toolset_id} → /toolsets/:toolset_id. A last parameter named `…_path` takes the rest
 * of the path, slashes included (a plugin file's skills/<name>/SKILL.md).
 */
export const honoPath = (path: string) => path.replace(/\{(\w+_path)\}$/, ":$1{.+}").replace(/\{(\w+)\}/g, ":$1");

/** A path that names nothing the API has (a version that is not a number) is a malformed request. */
function parseParams(operation: Operation, raw: Record<string, string>): Record<string, unknown> | undefined {
  if (!operation.params) return undefined;
  const result = operation.params.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BadRequestError(`${issue?.path.join(".")} ${issue?.message ?? "is not valid"} (got "${raw[String(issue?.path[0])] ?? ""}")`);
}

/**
 * Records a call of an operation the audit log follows (its `call`), however it ended: refused by
 * the permission check, the rate limit or validation, failed, or answered. It runs before them all.
 */
function recordCall(kind: CallKind, action: string): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const ctx = operationContext(c);
    try {
      await next();
    } finally {
      ctx.call?.record(ctx.audit, { kind, action, target: action.slice(action.indexOf(" ") + 1), error: c.error });
    }
  });
}

export function restRoutes(operations: Operation[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const operation of operations) {
    const handler: Handler<AppEnv> = async (c) => {
      const ctx = operationContext(c);
      await spend(ctx, budgetOf(operation));
      // Parameters that are not in the path (a list's page) come from the query string.
      const raw = { ...c.req.query(), ...c.req.param() } as Record<string, string>;
      const params = operation.validatesQuery ? parseQuery(operation, raw) : parseParams(operation, raw);
      operation.refuse?.(ctx, params);
      const body = await parseBody(operation, ctx, operation.body ? await jsonBody(c) : undefined);
      if (operation.call) ctx.call?.argued(operation.call.arguments ? operation.call.arguments(body) : (body as Record<string, unknown> | undefined));
      const result = await operation.run(ctx, { params, body });
      ctx.call?.answered(result);
      if (operation.response === null) return c.body(null, 204);
      if (result instanceof FileReply) return result.response(operation.status ?? 200, ctx.responseHeaders);
      for (const [name, value] of ctx.responseHeaders ?? []) c.header(name, value);
      return c.json(result as object, operation.status ?? 200);
    };
    const method = operation.method.toUpperCase();
    const path = honoPath(operation.path);
    const recorded = operation.call ? recordCall(operation.call.kind, `${method} /api/v1${operation.path}`) : undefined;
    if (operation.permission && recorded) app.on(method, path, recorded, requires(operation.permission), handler);
    else if (operation.permission) app.on(method, path, requires(operation.permission), handler);
    else if (recorded) app.on(method, path, recorded, handler);
    else app.on(method, path, handler);
  }
  return app;
}
