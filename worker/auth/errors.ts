/** The request carries no usable credentials. HTTP 401 with a Bearer challenge. */
export class UnauthenticatedError extends Error {
  override name = "UnauthenticatedError";
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
