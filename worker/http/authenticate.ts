// Establishes the caller of every /api/v1 request from its Bearer token, afresh each time:
// verified JWT → role names from RBAC_ROLE_CLAIM → the permissions those roles grant. With the
// edge authorization server on, a token that is not a JWT is one of its own, taken at the MCP
// endpoint only (its audience) and refused elsewhere. The caller's profile is recorded after the response, and only when this isolate has not yet
// (users/directory.ts), so authors can be shown by name.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { loadConfig, type Config } from "../config";
import { sha256Hex } from "../digest";
import { permissionsOf } from "../roles/permissions-of";
import { UnauthenticatedError } from "../auth/errors";
import { edgePrincipal, isJwt } from "../oauth/edge-token";
import { LOCAL_ADMIN } from "../auth/principal";
import { MCP_PATH, publicBase } from "../auth/public-url";
import { edgeEnabled } from "../oauth/authorization-server";
import { rolesFromClaims } from "../auth/role-claim";
import { verifyAccessToken } from "../auth/verify-token";
import { UserDirectory } from "../users/directory";
import { profileFromClaims } from "../users/profile";
import type { Principal } from "../auth/principal";
import { backgroundOf } from "./operation-context";
import { recordSignInFailure } from "./sign-in-failure";

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const config = loadConfig(c.env);
  if (!config.DEVELOPMENT_ONLY_REQUIRE_AUTH) {
    signIn(c, LOCAL_ADMIN);
    return next();
  }
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  let principal: Principal;
  try {
    if (!token) {
      throw header
        ? new UnauthenticatedError("The Authorization header must be: Bearer <token>", "malformed")
        : new UnauthenticatedError("A Bearer token is required", "missing_token");
    }
    principal = edgeEnabled(config) && !isJwt(token) ? await edgeCaller(c, config, token) : await providerCaller(c, config, token);
  } catch (error) {
    if (error instanceof UnauthenticatedError) recordSignInFailure(c, config, error);
    throw error;
  }
  signIn(c, principal);
  return next();
});

async function providerCaller(c: Context<AppEnv>, config: Config, token: string): Promise<Principal> {
  const claims = await verifyAccessToken(token, config);
  const roles = rolesFromClaims(claims, config.RBAC_ROLE_CLAIM);
  const permissions = await permissionsOf(c.get("db"), roles, config.TOOL_DEFINITION_CACHE_SECONDS);
  return { subject: claims.sub, roles, permissions, tokenDigest: await sha256Hex(token), profile: profileFromClaims(claims, roles) };
}

function edgeCaller(c: Context<AppEnv>, config: Config, token: string): Promise<Principal> {
  if (c.req.path !== MCP_PATH) throw new UnauthenticatedError(`This server's own access tokens are for the MCP endpoint (${MCP_PATH}) only`, "wrong_audience");
  return edgePrincipal(token, config, publicBase(config, c.req.raw), c.env, c.get("db"));
}

function signIn(c: Context<AppEnv>, principal: Principal) {
  c.set("principal", principal);
  const directory = new UserDirectory(c.get("db"));
  // Known already: no background work to hand the runtime (waitUntil has a cost on every request).
  if (directory.known(principal.profile)) return;
  backgroundOf(c)(directory.seen(principal.profile).catch((error: unknown) => console.error(`Recording the caller ${principal.subject} failed`, error)));
}
