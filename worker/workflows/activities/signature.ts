// The X-Seizu-Signature of a webhook request, as Stripe signs its webhooks:
//   X-Seizu-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>", keyed by the secret>
// A receiver recomputes the HMAC over the timestamp and the exact body bytes, compares it in
// constant time, and refuses a timestamp older than its tolerance (replays).
const encoder = new TextEncoder();

export async function signatureHeader(secret: string, body: string, now: number): Promise<string> {
  const timestamp = Math.floor(now / 1000);
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`)));
  const hex = [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}
