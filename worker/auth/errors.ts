/**
 * Why a request's credentials were refused, as the audit log classes a failed sign-in (never
 * anything of the token itself): none sent, not a Bearer JWT, an algorithm or key refused, a bad
 * signature, expired, another issuer or audience, or another claim refused; for the edge
 * authorization server's own tokens, one it does not know (never issued, expired or revoked).
 */
export type SignInFailure =
  | "missing_token"
  | "malformed"
  | "bad_algorithm"
  | "unknown_key"
  | "bad_signature"
  | "expired_token"
  | "wrong_issuer"
  | "wrong_audience"
  | "bad_claims"
  | "unknown_token";

/** The request carries no usable credentials. HTTP 401 with a Bearer challenge. */
export class UnauthenticatedError extends Error {
  override name = "UnauthenticatedError";
  constructor(
    message: string,
    readonly reason: SignInFailure,
  ) {
    super(message);
  }
}

/** The caller is known but lacks the permission. HTTP 403 naming it, and what needs it where the route alone does not say. */
export class ForbiddenError extends Error {
  override name = "ForbiddenError";
  constructor(
    readonly permission: string,
    what = "This",
  ) {
    super(`${what} requires the permission ${permission}, which your roles do not grant`);
  }
}

/**
 * The identity provider (its discovery document or its keys) cannot be reached or answers
 * nonsense. HTTP 503: the caller's credentials may be fine, so this is never a 401 that would
 * send an MCP client back to sign in again.
 */
export class IdentityProviderUnavailableError extends Error {
  override name = "IdentityProviderUnavailableError";
}
