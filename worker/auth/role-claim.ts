// The caller's role names from the token claim named by RBAC_ROLE_CLAIM. A dotted name walks
// nested objects (realm_access.roles); the value may be a list or a space/comma separated string.
import type { JWTPayload } from "jose";

export function rolesFromClaims(payload: JWTPayload, claim: string): string[] {
  let value: unknown = payload;
  for (const part of claim.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  if (Array.isArray(value)) return value.filter((role): role is string => typeof role === "string");
  if (typeof value === "string") return value.split(/[\s,]+/).filter(Boolean);
  return [];
}
