// /confirmations/:confirmationId: the page an MCP client links to when a built-in tool that
// changes something needs its owner's approval (URL-mode confirmations). It shows what would
// run (the action and what it acts on as a person knows them, the client that asked, the tool,
// its target path, the arguments), until when, and lets the owner approve or deny it. A denied
// action can still be approved until it expires, an approved one denied until it is used.
// Not in the sidebar: people arrive here from their assistant.
import { useEffect, useRef, useState } from "react";
import { useParams } from "wouter";
import { ApiError, describeError } from "../api";
import { Time } from "../components/JsonDiff";
import { PageHeader } from "../components/Page";
import { ErrorState, Loading } from "../components/States";
import {
  Arguments,
  confirmationPath,
  DECISION_BUTTONS,
  type Decision,
  decide as send,
  formatRemaining,
  isExpired,
  type Shown,
  StatusBadge,
  useNow,
} from "../features/approvals/confirmation-parts";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Confirmation } from "../types";

export const route: PageRoute = { path: "/confirmations/:confirmationId", component: ConfirmationPage };

const TITLE = "Approve an action";
const NOT_FOUND = "This confirmation does not exist, has expired, or belongs to someone else.";

function ConfirmationPage() {
  const { confirmationId } = useParams<{ confirmationId: string }>();
  const path = confirmationPath(confirmationId);
  const resource = useResource<Confirmation>(path);
  // The latest answer of approve/deny, newer than what was loaded; "gone" once they answer 404.
  const [latest, setLatest] = useState<Confirmation | "gone" | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: forgets the last answer when another confirmation is opened
  useEffect(() => setLatest(null), [path]);

  const notFound = latest === "gone" || (resource.error instanceof ApiError && resource.error.status === 404);
  if (notFound) return <NotFound />;
  if (resource.error)
    return (
      <>
        <PageHeader title={TITLE} />
        <ErrorState error={resource.error} onRetry={() => void resource.reload()} />
      </>
    );
  const confirmation = latest && latest.id === resource.data?.id ? latest : resource.data;
  if (!confirmation) return <Loading label="Loading confirmation…" />;
  return <ConfirmationView confirmation={confirmation} onChange={setLatest} />;
}

function NotFound() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Confirmation not found" />
      <div className="state confirmation-missing" role="alert">
        <p className="empty-title">{NOT_FOUND}</p>
        <p>
          Confirmations can only be opened by the person they were made for, signed in as themselves (you are signed in as <strong>{session.me.subject}</strong>
          ), and only until they expire. If your assistant still needs to run the action, ask it to try again: it will give you a new link.
        </p>
      </div>
    </>
  );
}

function ConfirmationView({ confirmation, onChange }: { confirmation: Confirmation; onChange(next: Confirmation | "gone"): void }) {
  const now = useNow(1000);
  const remaining = new Date(confirmation.expires_at).getTime() - now;
  const expired = isExpired(confirmation, now);
  const shown: Shown = expired ? "expired" : confirmation.status;

  const [busy, setBusy] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the owner did on this page, so the message can say what happens next.
  const [history, setHistory] = useState<{ from: Confirmation["status"]; decision: Decision } | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const [decisions, setDecisions] = useState(0);

  const decide = async (decision: Decision) => {
    if (busy || expired) return;
    setBusy(decision);
    setError(null);
    const from = confirmation.status;
    try {
      const next = await send(confirmation.id, decision);
      setHistory({ from, decision });
      onChange(next);
      setDecisions((count) => count + 1);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        onChange({ ...confirmation, status: "consumed" });
        setDecisions((count) => count + 1);
      } else if (caught instanceof ApiError && caught.status === 404) onChange("gone");
      else setError(`Could not ${decision} the action: ${describeError(caught)}`);
    } finally {
      setBusy(null);
    }
  };

  // The buttons may change or vanish with the new status: keep keyboard focus on the outcome.
  useEffect(() => {
    if (decisions > 0) outcome.current?.focus();
  }, [decisions]);

  const canApprove = shown === "pending" || shown === "denied" || (expired && confirmation.status !== "approved");
  const canDeny = shown === "pending" || shown === "approved" || (expired && confirmation.status !== "denied");

  return (
    <>
      <PageHeader title={TITLE}>
        <p className="lede">
          Your assistant asked to run the action below as you. It runs only if you approve it here, and only once, with exactly these arguments.
        </p>
      </PageHeader>
      <div className="confirmation-layout">
        <section className="panel confirmation-action" aria-labelledby="action-heading">
          <h2 id="action-heading">The action</h2>
          <dl className="details confirmation-details">
            <dt>Action</dt>
            <dd data-testid="confirmation-title">{confirmation.title || confirmation.tool}</dd>
            <dt>On</dt>
            <dd data-testid="confirmation-target-name">{confirmation.target_name || confirmation.target}</dd>
            <dt>Asked by</dt>
            <dd data-testid="confirmation-client">{confirmation.client || "an MCP client"}</dd>
            <dt>Tool</dt>
            <dd>
              <code data-testid="confirmation-tool">{confirmation.tool}</code>
            </dd>
            <dt>Target</dt>
            <dd>
              <code data-testid="confirmation-target">{confirmation.target}</code>
            </dd>
            <dt>Requested</dt>
            <dd>
              <Time iso={confirmation.created_at} />
            </dd>
            <dt>Expires</dt>
            <dd data-testid="confirmation-expiry">
              <Time iso={confirmation.expires_at} />
              <span className={expired ? "countdown expired" : "countdown"}>
                {confirmation.status === "consumed" ? "" : expired ? "Expired" : `expires in ${formatRemaining(remaining)}`}
              </span>
            </dd>
            <dt>Status</dt>
            <dd data-testid="confirmation-status">
              <StatusBadge shown={shown} />
              {STATUS_DETAIL[shown] && <span className="muted">{STATUS_DETAIL[shown]}</span>}
            </dd>
          </dl>
          <h3 className="field-label" id="arguments-heading">
            Arguments
          </h3>
          <Arguments values={confirmation.arguments} labelledBy="arguments-heading" />
        </section>

        <section className="panel confirmation-decision" aria-labelledby="decision-heading">
          <h2 id="decision-heading">Your decision</h2>
          <div ref={outcome} tabIndex={-1} aria-live="polite" className="confirmation-outcome" data-testid="confirmation-outcome">
            <Outcome shown={shown} confirmation={confirmation} history={history} />
          </div>
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          {(canApprove || canDeny) && (
            <div className="confirmation-buttons">
              {DECISION_BUTTONS.filter(({ decision }) => (decision === "approve" ? canApprove : canDeny)).map(({ decision, className, label, busyLabel }) => (
                <button
                  key={decision}
                  type="button"
                  className={className}
                  disabled={expired}
                  aria-disabled={busy !== null ? true : undefined}
                  onClick={() => void decide(decision)}
                >
                  {busy === decision ? busyLabel : label}
                </button>
              ))}
            </div>
          )}
        </section>
      </div>
    </>
  );
}

const STATUS_DETAIL: Record<Shown, string> = {
  pending: "waiting for your decision",
  approved: "not used yet",
  denied: "",
  consumed: "the action ran",
  expired: "",
};

function Outcome({
  shown,
  confirmation,
  history,
}: {
  shown: Shown;
  confirmation: Confirmation;
  history: { from: Confirmation["status"]; decision: Decision } | null;
}) {
  switch (shown) {
    case "pending":
      return <p>Nothing has run yet. Approve to let your assistant run this action, or deny to stop it.</p>;
    case "approved":
      return (
        <div className="notice ok">
          <p className="confirmation-headline">Approved — return to your assistant and let it continue.</p>
          {history?.from === "denied" && <p>If your assistant already reported the action as declined, ask it to try again.</p>}
          <p>Changed your mind? You can still deny it until your assistant uses it.</p>
        </div>
      );
    case "denied":
      return (
        <div className="notice warn">
          <p className="confirmation-headline">
            Denied. The action will not run{history ? "" : confirmation.decided_via === "url" ? "" : " (you declined it in your assistant)"}.
          </p>
          <p>Changed your mind? You can still approve it until it expires, then ask your assistant to try again.</p>
        </div>
      );
    case "consumed":
      return (
        <div className="notice">
          <p className="confirmation-headline">Already used: the action ran.</p>
          <p>An approval runs its action once. If your assistant needs to run it again, it will ask for a new approval.</p>
        </div>
      );
    case "expired":
      return (
        <div className="notice warn">
          <p className="confirmation-headline">Expired: this confirmation can no longer be approved or denied, and the action will not run.</p>
          <p>If your assistant still needs to run it, ask it to try again: it will give you a new link.</p>
        </div>
      );
  }
}
