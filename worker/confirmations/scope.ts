// What an approval is scoped to, derived from the call: the caller, their session (the digest
// of their bearer token: a stateless caller has no other), the tool, its target and the
// digest of its exact arguments.
import type { ConfirmationScope } from "../../durable-objects/confirmation-ledger";
import type { Principal } from "../auth/principal";

/** JSON with sorted keys, so equal arguments digest equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function confirmationScope(principal: Principal, tool: string, target: string, args: Record<string, unknown>): Promise<ConfirmationScope> {
  return { user: principal.subject, source: "mcp", session: principal.tokenDigest, tool, target, argsDigest: await sha256Hex(canonicalJson(args)) };
}

/** The ledger of one user: all their records live in one Durable Object. */
export function ledgerOf(namespace: DurableObjectNamespace<import("../../durable-objects/confirmation-ledger").ConfirmationLedger>, user: string) {
  return namespace.get(namespace.idFromName(user));
}
