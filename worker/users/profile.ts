// The profile of a verified token's caller, from the standard OpenID claims upstream Seizu reads
// (email, name, preferred_username, iat), and the fixed one of the development identity.
import type { JWTPayload } from "jose";
import type { UserProfile } from "./schemas";

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

export function profileFromClaims(claims: JWTPayload & { sub: string }, roles: string[]): UserProfile {
  return {
    sub: claims.sub,
    iss: text(claims.iss) ?? "",
    email: text(claims.email),
    display_name: text(claims.name),
    preferred_username: text(claims.preferred_username),
    role: roles.length > 0 ? roles.join(",") : null,
    issued_at: typeof claims.iat === "number" ? new Date(claims.iat * 1000).toISOString() : null,
  };
}

/** Who requests run as when DEVELOPMENT_ONLY_REQUIRE_AUTH=false; upstream names its issuer "dev" too. */
export const DEVELOPMENT_PROFILE: UserProfile = {
  sub: "local-admin",
  iss: "dev",
  email: null,
  display_name: null,
  preferred_username: null,
  role: "seizu-admin",
  issued_at: null,
};
