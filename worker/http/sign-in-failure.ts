// A failed sign-in as the audit log records it: who is unknown (principal null), so the event
// says only why the credentials were refused (the reason class), where (the route) and through
// which client (its User-Agent). Nothing of the token is stored, not even its digest (a digest of
// a leaked token would identify it) or its unverified `sub` (anyone can write any subject into a
// token the signature then refuses). A request with no Authorization header at all is not
// recorded: it is how every MCP client starts, before it signs in (the 401 sends it to do so).
import type { Context } from "hono";
import { auditTrail } from "../audit/caller";
import type { UnauthenticatedError } from "../auth/errors";
import type { Config } from "../config";
import type { AppEnv } from "./app-env";
import { backgroundOf } from "./operation-context";

export function recordSignInFailure(c: Context<AppEnv>, config: Config, error: UnauthenticatedError): void {
  if (error.reason === "missing_token") return;
  const path = new URL(c.req.url).pathname;
  const via = path === "/api/v1/mcp" || path.startsWith("/api/v1/mcp/") ? "mcp" : "rest";
  auditTrail(c.env, config, c.req.raw, null, via, backgroundOf(c)).record({
    kind: "sign_in_failure",
    action: error.reason,
    outcome: "unauthenticated",
    target: `${c.req.method} ${path}`,
  });
}
