// The OpenID provider behind OIDC_AUTHORITY: its discovery document and its signing keys,
// cached per isolate. Keys are re-fetched when a token names a key id the cache lacks (key
// rotation), at most once per cooldown so unknown key ids cannot hammer the provider.
import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { IdentityProviderUnavailableError } from "./errors";

export interface OidcMetadata {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  registration_endpoint?: string;
  scopes_supported?: string[];
  response_types_supported?: string[];
  grant_types_supported?: string[];
  code_challenge_methods_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  [key: string]: unknown;
}

const METADATA_TTL_MS = 60 * 60 * 1000;
const JWKS_COOLDOWN_MS = 5_000;
const JWKS_MAX_AGE_MS = 10 * 60 * 1000;

const metadataCache = new Map<string, { expires: number; metadata: Promise<OidcMetadata> }>();
const keySets = new Map<string, JWTVerifyGetKey>();

export function oidcMetadata(authority: string): Promise<OidcMetadata> {
  const cached = metadataCache.get(authority);
  if (cached && cached.expires > Date.now()) return cached.metadata;
  const metadata = fetchMetadata(authority);
  metadataCache.set(authority, { expires: Date.now() + METADATA_TTL_MS, metadata });
  metadata.catch(() => metadataCache.delete(authority));
  return metadata;
}

async function fetchMetadata(authority: string): Promise<OidcMetadata> {
  const url = `${authority.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(5_000) });
  } catch (error) {
    throw new IdentityProviderUnavailableError(`The identity provider at ${authority} cannot be reached (${(error as Error).message}); try again shortly`);
  }
  if (!response.ok) throw new IdentityProviderUnavailableError(`The identity provider's OpenID configuration (${url}) answered HTTP ${response.status}`);
  const metadata = (await response.json().catch(() => undefined)) as Partial<OidcMetadata> | undefined;
  if (typeof metadata?.issuer !== "string" || typeof metadata.jwks_uri !== "string" || metadata.jwks_uri === "") {
    throw new IdentityProviderUnavailableError(`The identity provider's OpenID configuration (${url}) is not JSON with an issuer and a jwks_uri`);
  }
  return metadata as OidcMetadata;
}

export function signingKeys(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: JWKS_COOLDOWN_MS, cacheMaxAge: JWKS_MAX_AGE_MS, timeoutDuration: 5_000 });
    keySets.set(jwksUri, keys);
  }
  return keys;
}
