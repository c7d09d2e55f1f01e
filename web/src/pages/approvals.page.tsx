// /approvals: the signed-in person's confirmations (GET /confirmations: unexpired, pending
// first, then newest first), each with what would run and Approve/Deny, as on the confirmation
// page. The sidebar shows how many are pending.
import { useEffect, useState } from "react";
import { PageHeader } from "../components/Page";
import { Empty, Loaded } from "../components/States";
import { ApprovalCard } from "../features/approvals/ApprovalCard";
import { useNow } from "../features/approvals/confirmation-parts";
import { PendingApprovalsBadge } from "../features/approvals/pending-count";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import type { Confirmation, ReplyOf } from "../types";

const APPROVALS = "/approvals";

export const route: PageRoute = {
  path: APPROVALS,
  component: ApprovalsPage,
  nav: { label: "Approvals", href: APPROVALS, match: APPROVALS, order: 30, badge: PendingApprovalsBadge },
};

type ConfirmationList = ReplyOf<"confirmations_list">;

function ApprovalsPage() {
  const list = useResource<ConfirmationList>("/confirmations");
  return (
    <>
      <PageHeader
        title="Approvals"
        actions={
          <button type="button" className="button" onClick={() => void list.reload()}>
            Refresh
          </button>
        }
      >
        <p className="lede">
          Actions your assistants asked to run as you. Each runs only if you approve it, once, with exactly these arguments; pending ones come first.
        </p>
      </PageHeader>
      <Loaded resource={list} loading="Loading approvals…">
        {(data) => <Approvals loaded={data.confirmations} />}
      </Loaded>
    </>
  );
}

function Approvals({ loaded }: { loaded: Confirmation[] }) {
  // Decisions update their card in place, so nothing moves under the pointer until the next load.
  const [confirmations, setConfirmations] = useState(loaded);
  useEffect(() => setConfirmations(loaded), [loaded]);
  const now = useNow(1000);
  if (confirmations.length === 0)
    return (
      <Empty title="Nothing to approve.">
        <p>When an assistant asks to run an action that changes something, the action waits here (and at the link it gives you) for your decision.</p>
      </Empty>
    );
  const replace = (id: string, next: Confirmation | null) =>
    setConfirmations((current) => current.flatMap((each) => (each.id !== id ? [each] : next ? [next] : [])));
  return (
    <ul className="approvals" aria-label="Confirmations">
      {confirmations.map((confirmation) => (
        <li key={confirmation.id}>
          <ApprovalCard confirmation={confirmation} now={now} onChange={(next) => replace(confirmation.id, next)} />
        </li>
      ))}
    </ul>
  );
}
