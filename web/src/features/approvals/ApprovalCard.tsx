// One confirmation in the approvals list: what would run, as whom asked, until when, and the
// decision buttons the confirmation page offers (a denied action can still be approved until
// it expires, an approved one denied until it is used).
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { ApiError, describeError } from "../../api";
import { Time } from "../../components/JsonDiff";
import type { Confirmation } from "../../types";
import { Arguments, DECISION_BUTTONS, type Decision, decide, formatRemaining, isExpired, shownStatus, StatusBadge } from "./confirmation-parts";
import "./approvals.css";
import { announceDecision } from "./pending-count";

/** Which decisions a confirmation still takes, by its status as shown. */
function offered(confirmation: Confirmation, now: number): Decision[] {
  if (isExpired(confirmation, now)) return [];
  switch (confirmation.status) {
    case "pending":
      return ["approve", "deny"];
    case "denied":
      return ["approve"];
    case "approved":
      return ["deny"];
    case "consumed":
      return [];
  }
}

const DONE: Record<Decision, string> = {
  approve: "Approved: your assistant may now run it, once.",
  deny: "Denied: the action will not run.",
};

export function ApprovalCard({ confirmation, now, onChange }: { confirmation: Confirmation; now: number; onChange(next: Confirmation | null): void }) {
  const id = useId();
  const [busy, setBusy] = useState<Decision | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const shown = shownStatus(confirmation, now);
  const remaining = new Date(confirmation.expires_at).getTime() - now;

  // The buttons change or vanish with the new status: keyboard focus moves to what happened.
  useEffect(() => {
    if (message) outcome.current?.focus();
  }, [message]);

  const choose = async (decision: Decision) => {
    if (busy) return;
    setBusy(decision);
    setMessage(null);
    try {
      onChange(await decide(confirmation.id, decision));
      setMessage({ text: DONE[decision], error: false });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        onChange({ ...confirmation, status: "consumed" });
        setMessage({ text: "Already used: the action ran.", error: false });
      } else if (caught instanceof ApiError && caught.status === 404) onChange(null);
      else setMessage({ text: `Could not ${decision} the action: ${describeError(caught)}`, error: true });
    } finally {
      setBusy(null);
      announceDecision();
    }
  };

  return (
    <article className={`panel approval approval-${shown}`} aria-labelledby={`${id}-title`} data-confirmation-id={confirmation.id}>
      <header className="approval-header">
        <h2 id={`${id}-title`} className="approval-title">
          {confirmation.title || confirmation.tool}
        </h2>
        <StatusBadge shown={shown} />
      </header>
      <dl className="details approval-details">
        <dt>On</dt>
        <dd className="approval-target-name">{confirmation.target_name || confirmation.target}</dd>
        <dt>Tool</dt>
        <dd>
          <code className="approval-tool">{confirmation.tool}</code>
        </dd>
        <dt>Target</dt>
        <dd>
          <code className="approval-target">{confirmation.target}</code>
        </dd>
        <dt>Asked by</dt>
        <dd>{confirmation.client || "an MCP client"}</dd>
        <dt>Expires</dt>
        <dd className="approval-expiry">
          {confirmation.status === "consumed" ? (
            <Time iso={confirmation.expires_at} />
          ) : (
            <>
              <span className={shown === "expired" ? "countdown expired" : "countdown"}>
                {shown === "expired" ? "Expired" : `in ${formatRemaining(remaining)}`}
              </span>
              <span className="muted">
                (<Time iso={confirmation.expires_at} />)
              </span>
            </>
          )}
        </dd>
      </dl>
      <h3 className="field-label" id={`${id}-arguments`}>
        Arguments
      </h3>
      <Arguments values={confirmation.arguments} labelledBy={`${id}-arguments`} />
      {message && (
        <p ref={outcome} tabIndex={-1} role={message.error ? "alert" : "status"} className={message.error ? "form-error" : "approval-outcome"}>
          {message.text}
        </p>
      )}
      <div className="approval-actions">
        {DECISION_BUTTONS.filter(({ decision }) => offered(confirmation, now).includes(decision)).map(({ decision, className, label, busyLabel }) => (
          <button key={decision} type="button" className={className} aria-disabled={busy !== null ? true : undefined} onClick={() => void choose(decision)}>
            {busy === decision ? busyLabel : label}
          </button>
        ))}
        <Link href={`/confirmations/${encodeURIComponent(confirmation.id)}`} className="approval-open">
          Open<span className="visually-hidden"> {confirmation.title || confirmation.tool}</span>
        </Link>
      </div>
    </article>
  );
}
