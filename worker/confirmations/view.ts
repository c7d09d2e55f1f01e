// A confirmation as callers see it: on the page, in REST replies and in MCP results.
import type { ConfirmationRecord } from "../../durable-objects/confirmation-ledger";

export const confirmationUrl = (base: string, id: string) => `${base}/confirmations/${id}`;

export function confirmationView(record: ConfirmationRecord, base: string) {
  return {
    id: record.id,
    status: record.status,
    tool: record.tool,
    target: record.target,
    arguments: record.arguments,
    created_at: new Date(record.createdAt).toISOString(),
    expires_at: new Date(record.expiresAt).toISOString(),
    decided_via: record.decidedVia,
    url: confirmationUrl(base, record.id),
  };
}
