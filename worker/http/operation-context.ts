// The context an operation runs in, from the request that asks for it.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { CallMeter } from "../audit/call";
import { auditTrail } from "../audit/caller";
import type { AuditVia } from "../audit/event";
import { builtinCatalog } from "../builtins/catalog";
import { loadConfig } from "../config";
import type { OperationContext } from "../operations/operation";

/** The request's context, made on first use: the call it records (audit/call.ts) is timed from then. */
export function operationContext(c: Context<AppEnv>, via: AuditVia = "rest"): OperationContext {
  const known = c.get("operation");
  if (known) return known;
  const config = loadConfig(c.env);
  const principal = c.get("principal");
  const background = backgroundOf(c);
  const ctx: OperationContext = {
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
    call: new CallMeter(),
  };
  c.set("operation", ctx);
  return ctx;
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
