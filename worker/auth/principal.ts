/** Who is calling, derived afresh from every request. */
export interface Principal {
  /** Stable identifier (the token's `sub`), recorded as the author of changes. */
  subject: string;
  roles: string[];
}

/** The identity every request runs as when DEVELOPMENT_ONLY_REQUIRE_AUTH=false. */
export const LOCAL_ADMIN: Principal = { subject: "local-admin", roles: ["seizu-admin"] };
