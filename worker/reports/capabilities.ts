// Signed per-query capabilities, as upstream's report_query_tokens: a viewer holding only
// reports:read can run the queries of a report they can see, with the parameters its panels
// take, and nothing else. Each capability is an HMAC-SHA256 (keyed by MCP_SIGNED_STATE_KEY,
// under a label of its own so no other signed value can pass for one) over the caller, the
// report, the version, the query's path and text digest, the parameter names a caller may
// give, the fixed parameters, and an expiry.
import { z } from "zod";
import { NotAllowedError } from "../errors/domain";

const payload = z.object({
  sub: z.string(),
  report_id: z.string(),
  version: z.number().int(),
  path: z.string(),
  query: z.string().describe("SHA-256 of the query's Cypher"),
  params: z.array(z.string()),
  static: z.record(z.string(), z.unknown()),
  exp: z.number().int().describe("Unix seconds"),
});
export type CapabilityPayload = z.output<typeof payload>;

const LABEL = "seizu-report-query-capability\0";
const encoder = new TextEncoder();

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const hmacKey = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

export async function signCapability(secret: string, claims: CapabilityPayload): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(LABEL + body));
  return `${body}.${base64url(new Uint8Array(signature))}`;
}

const refused = (why: string) => new NotAllowedError(`The query capability ${why}; reload the report to get fresh capabilities`);

/** The capability's claims, when its signature holds, it has not expired and it is the caller's. */
export async function verifyCapability(secret: string, token: string, subject: string, now = Date.now()): Promise<CapabilityPayload> {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) throw refused("is malformed");
  let valid: boolean;
  try {
    valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), fromBase64url(signature), encoder.encode(LABEL + body));
  } catch {
    throw refused("is malformed");
  }
  if (!valid) throw refused("is not validly signed");
  const claims = payload.parse(JSON.parse(new TextDecoder().decode(fromBase64url(body))));
  if (claims.exp * 1000 <= now) throw refused("has expired");
  if (claims.sub !== subject) throw refused("was issued to someone else");
  return claims;
}
