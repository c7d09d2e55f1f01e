// What the confirmation page and the approvals list both show of a confirmation: its status as
// shown (expired once its time has passed unused), the time left, its arguments, and the
// decision request.
import { useEffect, useState } from "react";
import { api, apiPath } from "../../api";
import { Table } from "../../components/Table";
import type { Confirmation } from "../../types";

export type Decision = "approve" | "deny";
/** The status as shown: the server's, or "expired" once the expiry time has passed unused. */
export type Shown = Confirmation["status"] | "expired";

/** The decision buttons, Approve first. */
export const DECISION_BUTTONS: { decision: Decision; className: string; label: string; busyLabel: string }[] = [
  { decision: "approve", className: "button primary", label: "Approve", busyLabel: "Approving…" },
  { decision: "deny", className: "button", label: "Deny", busyLabel: "Denying…" },
];

export const confirmationPath = (id: string) => apiPath("confirmations", id);

/** Approves or denies; resolves to the confirmation as it now stands. */
export const decide = (id: string, decision: Decision) => api<Confirmation>("POST", `${confirmationPath(id)}/${decision}`);

export function isExpired(confirmation: Confirmation, now: number): boolean {
  return confirmation.status !== "consumed" && new Date(confirmation.expires_at).getTime() <= now;
}

export const shownStatus = (confirmation: Confirmation, now: number): Shown => (isExpired(confirmation, now) ? "expired" : confirmation.status);

const BADGE: Record<Shown, { tone: string; label: string }> = {
  pending: { tone: "warn", label: "Pending" },
  approved: { tone: "ok", label: "Approved" },
  denied: { tone: "danger", label: "Denied" },
  consumed: { tone: "neutral", label: "Used" },
  expired: { tone: "off", label: "Expired" },
};

export function StatusBadge({ shown }: { shown: Shown }) {
  const badge = BADGE[shown];
  return <span className={`badge badge-${badge.tone}`}>{badge.label}</span>;
}

/** "12 min", "1 h 5 min", "45 s". */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 2) return `${minutes} min ${seconds % 60} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** The current time, updated every `interval` ms. */
export function useNow(interval: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return now;
}

/** The arguments as a key/value table: scalars inline, nested values as indented JSON. */
export function Arguments({ values, labelledBy }: { values: Record<string, unknown>; labelledBy: string }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <p className="muted">No arguments.</p>;
  return (
    <Table
      variant="compact confirmation-arguments"
      aria-labelledby={labelledBy}
      rows={entries}
      rowKey={([name]) => name}
      columns={[
        { header: "Name", rowHeader: true, cell: ([name]) => <code>{name}</code> },
        { header: "Value", cell: ([, value]) => <ArgumentValue value={value} /> },
      ]}
    />
  );
}

function ArgumentValue({ value }: { value: unknown }) {
  if (typeof value === "string") return value === "" ? <span className="muted">(empty text)</span> : <span className="argument-text">{value}</span>;
  if (value !== null && typeof value === "object") return <pre className="argument-json">{JSON.stringify(value, null, 2)}</pre>;
  return <code>{value === undefined ? "undefined" : JSON.stringify(value)}</code>;
}
