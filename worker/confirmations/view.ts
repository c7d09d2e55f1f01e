// A confirmation as callers see it: on the page, in REST replies and in MCP results.
import type { ConfirmationRecord } from "../../durable-objects/confirmation-ledger";

export const confirmationUrl = (base: string, id: string) => `${base}/confirmations/${id}`;

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

export function confirmationView(record: ConfirmationRecord, base: string) {
  return {
    id: record.id,
    status: record.status,
    tool: record.tool,
    title: record.title,
    target: record.target,
    target_name: record.targetName,
    arguments: record.arguments,
    session: record.session,
    client: record.client,
    created_at: new Date(record.createdAt).toISOString(),
    expires_at: new Date(record.expiresAt).toISOString(),
    decided_via: record.decidedVia,
    decided_by: record.decidedBy,
    decided_at: iso(record.decidedAt),
    url: confirmationUrl(base, record.id),
  };
}
