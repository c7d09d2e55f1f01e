// HMAC-signed state that round-trips through clients: the 2026-07-28 `requestState` of a
// confirmation, and typed-confirm hashes. Both are bound to the caller and their session, so
// a value minted for one cannot be replayed by another. Keyed by MCP_SIGNED_STATE_KEY.
import { createRequestStateCodec, type RequestStateCodec } from "@modelcontextprotocol/server";
import type { Principal } from "../auth/principal";
import { ConfigError, type Config } from "../config";

export function signedStateCodec<T>(config: Config, principal: Principal): RequestStateCodec<T> {
  if (!config.MCP_SIGNED_STATE_KEY) {
    throw new ConfigError("Invalid configuration: MCP_SIGNED_STATE_KEY (at least 32 bytes) must be set for action confirmations");
  }
  return createRequestStateCodec<T>({
    key: config.MCP_SIGNED_STATE_KEY,
    ttlSeconds: config.ACTION_CONFIRMATION_TTL_SECONDS,
    bind: () => `${principal.subject}\0${principal.tokenDigest}`,
  });
}
