// Access tokens the edge authorization server issued (worker/oauth/): opaque `{user}:{grant}:{secret}`
// strings the library looks up in KV, audience-checked against the MCP resource, so a revoked or
// expired one is refused on its next request. The caller is the person who approved the grant, with
// the roles their provider gave them then; permissions are derived from those roles per request, as
// for a provider token. The session is the grant's: it survives the client's token refreshes.
import type { Config } from "../config";
import type { Db } from "../store/db";
import { sha256Hex } from "../digest";
import { edgeAuthorizationServer, mcpResource } from "./authorization-server";
import { grantPropsSchema } from "./grant-props";
import { accessOf } from "./scopes";
import { permissionsOf } from "../roles/permissions-of";
import type { Env } from "../env";
import { UnauthenticatedError } from "../auth/errors";
import type { Principal } from "../auth/principal";

/** A JWT has three dot-separated parts; the edge's tokens have none. */
export function isJwt(token: string): boolean {
  return token.split(".").length === 3;
}

export async function edgePrincipal(token: string, config: Config, base: string, env: Env, db: Db): Promise<Principal> {
  const validated = await edgeAuthorizationServer(config, base).validateToken(mcpResource(base), token, env);
  if (!validated) throw new UnauthenticatedError("The access token is not one this server issued, or it has expired or been revoked", "unknown_token");
  const props = grantPropsSchema.parse(validated.props);
  const grantId = token.split(":").at(-2) ?? "";
  return {
    subject: props.subject,
    roles: props.roles,
    permissions: await permissionsOf(db, props.roles, config.TOOL_DEFINITION_CACHE_SECONDS),
    tokenDigest: await sha256Hex(`grant:${grantId}`),
    profile: props.profile,
    grant: { id: grantId, clientId: validated.clientId, access: accessOf(validated.scope) },
  };
}
