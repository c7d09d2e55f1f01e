// What an approval is scoped to, derived from the call: the caller, their session (the digest
// of their bearer token: a stateless caller has no other), the tool, its target and the
// digest of its exact arguments.
import type { ConfirmationScope } from "../../durable-objects/confirmation-ledger";
import type { Principal } from "../auth/principal";
import { canonicalJson, sha256Hex } from "../digest";

export async function confirmationScope(principal: Principal, tool: string, target: string, args: Record<string, unknown>): Promise<ConfirmationScope> {
  return { user: principal.subject, source: "mcp", session: principal.tokenDigest, tool, target, argsDigest: await sha256Hex(canonicalJson(args)) };
}

/** The ledger of one user: all their records live in one Durable Object. */
export function ledgerOf(namespace: DurableObjectNamespace<import("../../durable-objects/confirmation-ledger").ConfirmationLedger>, user: string) {
  return namespace.get(namespace.idFromName(user));
}
