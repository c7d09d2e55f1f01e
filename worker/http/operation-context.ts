// The context an operation runs in, from the request that asks for it.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { auditTrail } from "../audit/caller";
import type { AuditVia } from "../audit/event";
import { builtinCatalog } from "../builtins/catalog";
import { loadConfig } from "../config";
import type { OperationContext } from "../operations/operation";

export function operationContext(c: Context<AppEnv>, via: AuditVia = "rest"): OperationContext {
  const config = loadConfig(c.env);
  const principal = c.get("principal");
  const background = backgroundOf(c);
  return {
    env: c.env,
    config,
    principal,
    request: c.req.raw,
    db: c.get("db"),
    builtins: builtinCatalog(config),
    background,
    audit: auditTrail(c.env, config, c.req.raw, principal, via, background),
    // Only REST answers carry headers beside the body (MCP's travel in _meta).
    ...(via === "rest" ? { responseHeaders: new Headers() } : {}),
  };
}

/** The request's waitUntil; a request served without an execution context (app.fetch in a test) lets the work run unattended. */
export function backgroundOf(c: Context<AppEnv>): (work: Promise<unknown>) => void {
  try {
    const { executionCtx } = c;
    return (work) => executionCtx.waitUntil(work);
  } catch {
    return () => undefined;
  }
}
