// The caller's role names from the token claim named by RBAC_ROLE_CLAIM. A dotted name walks
// nested objects (realm_access.roles); the value may be a list or a space/comma separated string.
import type { JWTPayload } from "jose";

/** The claim's value, undefined when the token does not carry it. */
export function roleClaimOf(payload: JWTPayload, claim: string): unknown {
  let value: unknown = payload;
  for (const part of claim.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

export function rolesFromClaims(payload: JWTPayload, claim: string): string[] {
  const value = roleClaimOf(payload, claim);
  if (Array.isArray(value)) return value.filter((role): role is string => typeof role === "string");
  if (typeof value === "string") return value.split(/[\s,]+/).filter(Boolean);
  return [];
}
