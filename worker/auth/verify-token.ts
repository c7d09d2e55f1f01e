// Verifying a Bearer JWT against the provider's keys: signature by an asymmetric algorithm
// only (never "none", never an HMAC keyed with a public key), a key id that names one of the
// provider's keys, issuer and audience, exp / nbf / iat with a small leeway, and a subject
// that names someone (a blank `sub` would make every such token the same anonymous author).
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import type { Config } from "../config";
import { ConfigError } from "../config";
import { IdentityProviderUnavailableError, type SignInFailure, UnauthenticatedError } from "./errors";
import { oidcMetadata, signingKeys } from "./oidc";

export const ALLOWED_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
const CLOCK_TOLERANCE_SECONDS = 30;

export async function verifyAccessToken(token: string, config: Config): Promise<JWTPayload & { sub: string }> {
  if (!config.OIDC_AUTHORITY || !config.OIDC_AUDIENCE) {
    throw new ConfigError("Invalid configuration: OIDC_AUTHORITY and OIDC_AUDIENCE must be set while DEVELOPMENT_ONLY_REQUIRE_AUTH is true");
  }
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new UnauthenticatedError("The Bearer token is not a JWT", "malformed");
  }
  if (!header.alg || !ALLOWED_ALGORITHMS.includes(header.alg))
    throw new UnauthenticatedError(`The token's algorithm ${header.alg ?? "(none)"} is not accepted`, "bad_algorithm");
  if (!header.kid) throw new UnauthenticatedError("The token names no signing key (kid)", "unknown_key");
  const metadata = await oidcMetadata(config.OIDC_AUTHORITY);
  try {
    const { payload } = await jwtVerify(token, signingKeys(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: config.OIDC_AUDIENCE,
      algorithms: ALLOWED_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || payload.sub.trim() === "")
      throw new UnauthenticatedError("The token's sub claim is empty: it must name the caller", "bad_claims");
    if (typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS)
      throw new UnauthenticatedError("The token's iat claim is in the future", "bad_claims");
    return payload as JWTPayload & { sub: string };
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw error;
    if (keysUnavailable(error))
      throw new IdentityProviderUnavailableError(`The identity provider's signing keys (${metadata.jwks_uri}) cannot be fetched: ${(error as Error).message}`);
    throw new UnauthenticatedError(describe(error), failureOf(error));
  }
}

/** A failure to fetch the key set, as opposed to a token the keys refuse. */
function keysUnavailable(error: unknown): boolean {
  return error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !(error instanceof errors.JOSEError);
}

function failureOf(error: unknown): SignInFailure {
  if (error instanceof errors.JWTExpired) return "expired_token";
  if (error instanceof errors.JWTClaimValidationFailed) return error.claim === "iss" ? "wrong_issuer" : error.claim === "aud" ? "wrong_audience" : "bad_claims";
  if (error instanceof errors.JWKSNoMatchingKey) return "unknown_key";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "bad_signature";
  if (error instanceof errors.JOSEAlgNotAllowed) return "bad_algorithm";
  return "malformed";
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "The token has expired";
  if (error instanceof errors.JWTClaimValidationFailed) return `The token's ${error.claim} claim is not accepted (${error.reason})`;
  if (error instanceof errors.JWKSNoMatchingKey) return "The token is signed with a key the identity provider does not publish";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "The token's signature does not verify";
  if (error instanceof errors.JOSEAlgNotAllowed) return "The token's algorithm is not accepted";
  return `The token is not valid (${(error as Error).message})`;
}
