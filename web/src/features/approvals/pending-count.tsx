// The count of the signed-in person's pending approvals beside "Approvals" in the sidebar. It is
// asked for again on every navigation, every 30 s, and at once when a decision is taken here.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { client } from "../../api";
import "./approvals.css";
import { isExpired } from "./confirmation-parts";

const REFRESH_MS = 30_000;
const CHANGED_EVENT = "seizu:approvals-changed";

/** Tells the count that a decision was taken on this page. */
export const announceDecision = () => window.dispatchEvent(new Event(CHANGED_EVENT));

async function pendingCount(): Promise<number> {
  const { confirmations } = await client.call("confirmations_list");
  const now = Date.now();
  return confirmations.filter((confirmation) => confirmation.status === "pending" && !isExpired(confirmation, now)).length;
}

function usePendingCount(): number | null {
  const [location] = useLocation();
  const [count, setCount] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again whenever the route changes
  useEffect(() => {
    let live = true;
    const refresh = () => {
      pendingCount().then(
        (pending) => live && setCount(pending),
        // Unknown rather than wrong: no badge. A 401 signs out through the API client already.
        () => live && setCount(null),
      );
    };
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    window.addEventListener(CHANGED_EVENT, refresh);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(CHANGED_EVENT, refresh);
    };
  }, [location]);
  return count;
}

export function PendingApprovalsBadge() {
  const count = usePendingCount();
  if (!count) return null;
  // The space keeps the link's name "Approvals 2 pending" rather than "Approvals2 pending".
  return (
    <>
      {" "}
      <span className="nav-count" data-testid="pending-approvals">
        {count}
        <span className="visually-hidden"> pending</span>
      </span>
    </>
  );
}
