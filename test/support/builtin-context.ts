// What a built-in tool source is built with in a test that serves chosen built-ins through the
// real MCP server (test/unit/builtins/): the pool's bindings and settings, the caller, no audit.
import { env } from "cloudflare:workers";
import { AuditTrail } from "../../worker/audit/trail";
import { LOCAL_ADMIN, type Principal } from "../../worker/auth/principal";
import { builtinCatalog } from "../../worker/builtins/catalog";
import { loadConfig } from "../../worker/config";
import type { BuiltinContext } from "../../worker/mcp/builtin-tools";

export function builtinContext(request: Request, principal: Principal = LOCAL_ADMIN): BuiltinContext {
  const config = loadConfig(env);
  return {
    env,
    config,
    principal,
    request,
    db: env.DB,
    builtins: builtinCatalog(config),
    background: () => undefined,
    audit: AuditTrail.off,
    base: "http://127.0.0.1",
  };
}
