/** The request carries no usable credentials. HTTP 401 with a Bearer challenge. */
export class UnauthenticatedError extends Error {
  override name = "UnauthenticatedError";
}

/** The caller is known but lacks the permission. HTTP 403 naming it. */
export class ForbiddenError extends Error {
  override name = "ForbiddenError";
  constructor(readonly permission: string) {
    super(`This requires the permission ${permission}, which your roles do not grant`);
  }
}
