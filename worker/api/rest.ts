// REST routes generated from the operation declarations: permission check, path parameters,
// JSON body, then the operation; the reply's status comes from the declaration.
import { Hono, type Handler } from "hono";
import type { AppEnv } from "../app-env";
import { requires } from "../auth/authorize";
import { loadConfig } from "../config";
import { BadRequestError } from "../errors";
import type { Operation } from "./operation";
import { jsonBody } from "./request";

/** /toolsets/{toolset_id} → /toolsets/:toolset_id */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

function parseParams(operation: Operation, raw: Record<string, string>): Record<string, unknown> {
  if (!operation.params) return {};
  const result = operation.params.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BadRequestError(`${issue?.path.join(".")} ${issue?.message ?? "is not valid"} (got "${raw[String(issue?.path[0])] ?? ""}")`);
}

export function restRoutes(operations: Operation[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const operation of operations) {
    const handler: Handler<AppEnv> = async (c) => {
      const params = parseParams(operation, c.req.param() as Record<string, string>);
      const body = operation.body ? await jsonBody(c) : undefined;
      const result = await operation.run({ env: c.env, config: loadConfig(c.env), principal: c.get("principal"), request: c.req.raw }, { params, body });
      if (operation.response === null) return c.body(null, 204);
      return c.json(result as object, operation.status ?? 200);
    };
    const method = operation.method.toUpperCase();
    const path = honoPath(operation.path);
    if (operation.permission) app.on(method, path, requires(operation.permission), handler);
    else app.on(method, path, handler);
  }
  return app;
}
