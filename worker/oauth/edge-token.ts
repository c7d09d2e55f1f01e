// Access tokens the edge authorization server issued (worker/oauth/): opaque `{user}:{grant}:{secret}`
// strings the library looks up in KV, audience-checked against the MCP resource, so a revoked or
// expired one is refused on its next request (token-verdicts.ts spares the unwrapping of a record
// the library has judged before). The caller is the person who approved the grant, with
// the roles their provider gave them then; permissions are derived from those roles per request, as
// for a provider token. The session is the grant's: it survives the client's token refreshes.
import type { Config } from "../config";
import type { Db } from "../store/db";
import { sha256Hex } from "../digest";
import { edgeAuthorizationServer, mcpResource } from "./authorization-server";
import { type GrantProps, grantPropsSchema } from "./grant-props";
import { accessOf } from "./scopes";
import { validateEdgeToken, type ValidatedToken } from "./token-verdicts";
import { permissionsOf } from "../roles/permissions-of";
import type { Env } from "../env";
import { UnauthenticatedError } from "../auth/errors";
import type { Principal } from "../auth/principal";

/** A JWT has three dot-separated parts; the edge's tokens have none. */
export function isJwt(token: string): boolean {
  return token.split(".").length === 3;
}

interface GrantCaller {
  props: GrantProps;
  grantId: string;
  /** The confirmation session: the grant's, so it survives the client's token refreshes. */
  tokenDigest: string;
}

/** What a validated token says of its caller, kept with a reused verdict (token-verdicts.ts) so it is derived once. */
const callers = new WeakMap<ValidatedToken, GrantCaller>();

async function callerOf(validated: ValidatedToken, token: string): Promise<GrantCaller> {
  let caller = callers.get(validated);
  if (!caller) {
    const grantId = token.split(":").at(-2) ?? "";
    caller = { props: grantPropsSchema.parse(validated.props), grantId, tokenDigest: await sha256Hex(`grant:${grantId}`) };
    callers.set(validated, caller);
  }
  return caller;
}

export async function edgePrincipal(token: string, config: Config, base: string, env: Env, db: Db): Promise<Principal> {
  const validated = await validateEdgeToken(edgeAuthorizationServer(config, base), mcpResource(base), token, env);
  if (!validated) throw new UnauthenticatedError("The access token is not one this server issued, or it has expired or been revoked", "unknown_token");
  const { props, grantId, tokenDigest } = await callerOf(validated, token);
  return {
    subject: props.subject,
    roles: props.roles,
    permissions: await permissionsOf(db, props.roles, config.TOOL_DEFINITION_CACHE_SECONDS),
    tokenDigest,
    profile: props.profile,
    grant: { id: grantId, clientId: validated.clientId, access: accessOf(validated.scope) },
  };
}
