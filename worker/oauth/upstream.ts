// The identity step of the edge authorization server: the person signs in at the organisation's
// OpenID provider (OIDC_AUTHORITY, the Worker its confidential client MCP_EDGE_CLIENT_ID), or at
// Cloudflare Access for SaaS (CF_ACCESS_*), with authorization code + PKCE + nonce; openid-client
// does the protocol and verifies the ID token. The identity is read exactly as a bearer token's:
// `sub`, the roles from RBAC_ROLE_CLAIM (from the ID token, or from the access token when the ID
// token lacks the claim and the access token is a JWT that provider signed), the profile claims.
// Where the provider advertises offline_access it is asked for, and a refresh token it gives is
// kept in the grant (encrypted) so each refresh of the grant reads the person again (refreshSignIn).
import { jwtVerify, type JWTPayload } from "jose";
import * as oidc from "openid-client";
import { IdentityProviderUnavailableError } from "../auth/errors";
import { signingKeys } from "../auth/oidc";
import { roleClaimOf, rolesFromClaims } from "../auth/role-claim";
import { ALLOWED_ALGORITHMS } from "../auth/verify-token";
import { ConfigError, type Config } from "../config";
import { profileFromClaims } from "../users/profile";
import { CALLBACK_PATH } from "./paths";
import type { GrantProps } from "./grant-props";

const SCOPE = "openid profile email";
/** Asked for where the provider advertises it: its refresh token lets a refresh read the person's roles again. */
const OFFLINE_ACCESS = "offline_access";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

interface Upstream {
  issuer: string;
  clientId: string;
  clientSecret: string;
  via: GrantProps["via"];
}

/** What the callback needs back from the sign-in it started: kept by the library, encrypted, never sent upstream. */
export interface UpstreamData {
  verifier: string;
  nonce: string;
}

/** The provider people sign in at: Cloudflare Access when its team domain is set, else OIDC_AUTHORITY. */
export function upstreamOf(config: Config): Upstream {
  if (config.CF_ACCESS_TEAM_DOMAIN) {
    if (!config.CF_ACCESS_CLIENT_ID || !config.CF_ACCESS_CLIENT_SECRET)
      throw new ConfigError("Invalid configuration: CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET must be set with CF_ACCESS_TEAM_DOMAIN");
    const team = config.CF_ACCESS_TEAM_DOMAIN.replace(/\/+$/, "");
    return {
      issuer: `${team}/cdn-cgi/access/sso/oidc/${config.CF_ACCESS_CLIENT_ID}`,
      clientId: config.CF_ACCESS_CLIENT_ID,
      clientSecret: config.CF_ACCESS_CLIENT_SECRET,
      via: "access",
    };
  }
  if (!config.OIDC_AUTHORITY || !config.MCP_EDGE_CLIENT_ID || !config.MCP_EDGE_CLIENT_SECRET)
    throw new ConfigError(
      "Invalid configuration: MCP_AUTHORIZATION_SERVER=edge needs OIDC_AUTHORITY, MCP_EDGE_CLIENT_ID and MCP_EDGE_CLIENT_SECRET (or CF_ACCESS_TEAM_DOMAIN, CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET)",
    );
  return { issuer: config.OIDC_AUTHORITY, clientId: config.MCP_EDGE_CLIENT_ID, clientSecret: config.MCP_EDGE_CLIENT_SECRET, via: "oidc" };
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's discovered configuration, once per isolate; plain http only for a provider on this machine. */
function configurationOf(upstream: Upstream): Promise<oidc.Configuration> {
  const key = `${upstream.issuer} ${upstream.clientId} ${upstream.clientSecret}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    const url = new URL(upstream.issuer);
    const insecure = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
    configuration = oidc
      .discovery(url, upstream.clientId, upstream.clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        configurations.delete(key);
        throw new IdentityProviderUnavailableError(`The identity provider at ${upstream.issuer} cannot be discovered: ${(error as Error).message}`);
      });
    configurations.set(key, configuration);
  }
  return configuration;
}

/** Fresh PKCE verifier and nonce for one sign-in. */
export function newUpstreamData(): UpstreamData {
  return { verifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
}

/** The provider's authorization URL for this sign-in; `state` comes from the library's beginUpstream(). */
export async function signInUrl(config: Config, base: string, state: string, data: UpstreamData): Promise<string> {
  const configuration = await configurationOf(upstreamOf(config));
  return oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: `${base}${CALLBACK_PATH}`,
      scope: configuration.serverMetadata().scopes_supported?.includes(OFFLINE_ACCESS) ? `${SCOPE} ${OFFLINE_ACCESS}` : SCOPE,
      state,
      nonce: data.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(data.verifier),
      code_challenge_method: "S256",
    })
    .toString();
}

/** A sign-in the provider refused or that does not verify: shown to the person, never a 500. */
export class UpstreamSignInError extends Error {
  override name = "UpstreamSignInError";
}

/** Exchanges the callback's code and reads who signed in. */
export async function finishSignIn(config: Config, base: string, callback: URL, data: UpstreamData): Promise<GrantProps> {
  const upstream = upstreamOf(config);
  const configuration = await configurationOf(upstream);
  // The library already checked and consumed `state`; openid-client checks it matches the URL's again.
  const current = new URL(`${base}${CALLBACK_PATH}${callback.search}`);
  let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: data.verifier,
      expectedNonce: data.nonce,
      expectedState: callback.searchParams.get("state") ?? undefined,
      idTokenExpected: true,
    });
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError)
      throw new UpstreamSignInError(`${upstream.issuer} refused the sign-in: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}`);
    if (error instanceof TypeError || (error as Error).name === "TimeoutError")
      throw new IdentityProviderUnavailableError(`The identity provider at ${upstream.issuer} cannot be reached: ${(error as Error).message}`);
    throw new UpstreamSignInError(`The sign-in at ${upstream.issuer} does not verify: ${(error as Error).message}`);
  }
  const claims = tokens.claims();
  if (!claims || typeof claims.sub !== "string" || claims.sub.trim() === "")
    throw new UpstreamSignInError(`${upstream.issuer} signed in no one: its ID token names no subject`);
  return personOf(config, upstream, configuration, claims as JWTPayload & { sub: string }, tokens);
}

/**
 * The person as the provider knows them now, through the refresh token it gave at sign-in: their
 * roles and profile read again exactly as at sign-in (from the new ID token, or from the userinfo
 * endpoint when the provider sends none on refresh). The provider refusing the refresh token (the
 * person disabled or signed out there) or answering for someone else is an UpstreamSignInError.
 */
export async function refreshSignIn(config: Config, props: GrantProps, refreshToken: string): Promise<GrantProps> {
  const upstream = upstreamOf(config);
  const configuration = await configurationOf(upstream);
  let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
  let claims: JWTPayload;
  try {
    tokens = await oidc.refreshTokenGrant(configuration, refreshToken);
    claims = tokens.claims() ?? (await oidc.fetchUserInfo(configuration, tokens.access_token, props.subject));
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError && error.error === "invalid_grant")
      throw new UpstreamSignInError(`${upstream.issuer} ended the sign-in: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}`);
    throw new IdentityProviderUnavailableError(`The identity provider at ${upstream.issuer} did not refresh the sign-in: ${(error as Error).message}`);
  }
  if (claims.sub !== props.subject) throw new UpstreamSignInError(`${upstream.issuer} refreshed the sign-in of ${String(claims.sub)}, not of ${props.subject}`);
  const person = await personOf(config, upstream, configuration, claims as JWTPayload & { sub: string }, tokens);
  return { ...person, upstreamRefreshToken: person.upstreamRefreshToken ?? refreshToken };
}

async function personOf(
  config: Config,
  upstream: Upstream,
  configuration: oidc.Configuration,
  identity: JWTPayload & { sub: string },
  tokens: oidc.TokenEndpointResponse,
): Promise<GrantProps> {
  const roles = await rolesOf(identity, tokens.access_token, configuration, config.RBAC_ROLE_CLAIM);
  return {
    subject: identity.sub,
    roles,
    profile: profileFromClaims(identity, roles),
    via: upstream.via,
    ...(tokens.refresh_token ? { upstreamRefreshToken: tokens.refresh_token } : {}),
  };
}

async function rolesOf(idClaims: JWTPayload, accessToken: string, configuration: oidc.Configuration, claim: string): Promise<string[]> {
  if (roleClaimOf(idClaims, claim) !== undefined) return rolesFromClaims(idClaims, claim);
  const metadata = configuration.serverMetadata();
  if (!metadata.jwks_uri || accessToken.split(".").length !== 3) return [];
  try {
    const { payload } = await jwtVerify(accessToken, signingKeys(metadata.jwks_uri), { issuer: metadata.issuer, algorithms: ALLOWED_ALGORITHMS });
    return payload.sub === idClaims.sub ? rolesFromClaims(payload, claim) : [];
  } catch {
    // Not a JWT this provider signed for this person: it carries no roles we may read.
    return [];
  }
}
