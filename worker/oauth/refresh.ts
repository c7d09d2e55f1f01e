// A refresh of an edge grant asks the organisation's provider again who the person is, when the
// provider gave a refresh token at sign-in: roles taken away there are gone from the next access
// token, and a person the provider no longer signs in (disabled, signed out, their refresh token
// revoked) loses the grant itself (invalid_grant, on which the library revokes it). Without a
// provider refresh token the roles stay as at sign-in until the grant ends (MCP_EDGE_GRANT_SECONDS)
// or is revoked in Connected apps. A provider that cannot be reached refuses the refresh for now
// (503, Retry-After) and leaves the grant as it was.
import { GrantType, OAuthError, type TokenExchangeCallbackOptions, type TokenExchangeCallbackResult } from "@cloudflare/workers-oauth-provider";
import { IdentityProviderUnavailableError } from "../auth/errors";
import { loadConfig } from "../config";
import type { Env } from "../env";
import { grantPropsSchema } from "./grant-props";
import { refreshSignIn, UpstreamSignInError } from "./upstream";

export async function refreshFromProvider({ grantType, props, env }: TokenExchangeCallbackOptions<Env>): Promise<TokenExchangeCallbackResult | undefined> {
  if (grantType !== GrantType.REFRESH_TOKEN) return undefined;
  const grant = grantPropsSchema.parse(props);
  if (!grant.upstreamRefreshToken) return undefined;
  try {
    return { newProps: await refreshSignIn(loadConfig(env), grant, grant.upstreamRefreshToken) };
  } catch (error) {
    if (error instanceof UpstreamSignInError) throw new OAuthError("invalid_grant", { description: `${error.message}: sign in again` });
    if (error instanceof IdentityProviderUnavailableError)
      throw new OAuthError("temporarily_unavailable", { description: error.message, statusCode: 503, headers: { "Retry-After": "30" } });
    throw error;
  }
}
