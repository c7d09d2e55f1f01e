import { DEVELOPMENT_PROFILE } from "../users/profile";
import type { UserProfile } from "../users/schemas";
import { PERMISSIONS, type Permission } from "./permissions";

/** Who is calling, derived afresh from every request. */
export interface Principal {
  /** Stable identifier (the token's `sub`), recorded as the author of changes. */
  subject: string;
  roles: string[];
  permissions: ReadonlySet<Permission>;
  /** SHA-256 of the bearer token: the "session" of a stateless caller. */
  tokenDigest: string;
  /** What the token says of the caller (email, name, ...), as GET /me and GET /users show it. */
  profile: UserProfile;
  /**
   * Set when the token was issued by the edge authorization server (worker/oauth/): the grant a
   * person gave one MCP client, and what it allows. `read_only` (scope mcp:read) narrows the MCP
   * endpoint to read-only tools, as ?access=read_only does.
   */
  grant?: EdgeGrant;
}

export interface EdgeGrant {
  id: string;
  clientId: string;
  access: "full" | "read_only";
}

/** The identity every request runs as when DEVELOPMENT_ONLY_REQUIRE_AUTH=false. */
export const LOCAL_ADMIN: Principal = {
  subject: "local-admin",
  roles: ["seizu-admin"],
  permissions: new Set(PERMISSIONS),
  tokenDigest: "development",
  profile: DEVELOPMENT_PROFILE,
};
