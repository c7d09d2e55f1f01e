// An isolate's memory of the edge access tokens the library has validated. The library's check
// of a token is its KV record (one read) and then an HMAC, a key import, a key unwrap and a
// decryption of the grant's props, on every request. The record is still read on every request
// here, so a revoked grant (whose records the library deletes) is refused on its next request in
// every isolate; only when the record is exactly the one the library judged before is its
// judgement reused instead of unwrapping the same props again. A verdict is kept until the token
// expires, after which the library judges (and refuses) it again.
//
// Tied to the library's storage in two places only: a token's record is at
// `token:{user}:{grant}:{sha256 hex of the token}`, and the token's `expiresAt` (seconds) is when
// the library starts refusing it. A record that differs in any byte is judged again by the library.
import type { OAuthAuthorizationServer } from "@cloudflare/workers-oauth-provider";
import { BoundedCache } from "../cache/bounded-cache";
import { sha256Hex } from "../digest";
import type { Env } from "../env";

export type ValidatedToken = NonNullable<Awaited<ReturnType<OAuthAuthorizationServer<Env>["validateToken"]>>>;

interface Verdict {
  resource: string;
  record: string;
  validated: ValidatedToken;
}

/** About 2 MB of records (one is 1–2 KB): a token lives minutes (MCP_EDGE_ACCESS_TOKEN_SECONDS), so older ones are rarely asked for again. */
const verdicts = new BoundedCache<Verdict>({ maxCharacters: 2_000_000, weigh: (verdict) => verdict.record.length });

/** The library's validation of `token` for `resource`, made once per token record in this isolate. */
export async function validateEdgeToken(server: OAuthAuthorizationServer<Env>, resource: string, token: string, env: Env): Promise<ValidatedToken | null> {
  const parts = token.split(":");
  if (parts.length !== 3) return null;
  const [user, grant] = parts;
  const key = `token:${user}:${grant}:${await sha256Hex(token)}`;
  const record = await env.OAUTH_KV.get(key);
  if (record === null) return null;
  const known = verdicts.get(key);
  if (known?.record === record && known.resource === resource) return known.validated;
  const validated = await server.validateToken(resource, token, env);
  if (validated) verdicts.set(key, { resource, record, validated }, validated.expiresAt * 1000 - Date.now());
  return validated;
}
