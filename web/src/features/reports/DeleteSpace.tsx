// Delete space: removes the space and its sub-spaces, never reports; the server refuses (409)
// while reports are filed in it, and the dialog says so.
import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../api";
import { ConfirmRequestDialog } from "../../components/Dialog";
import { itemPath } from "../../kit/paths";
import type { Space } from "../../types";
import { SPACES } from "./paths";

export function DeleteSpaceButton({ space }: { space: Space }) {
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="button danger" onClick={() => setAsking(true)}>
        Delete space
      </button>
      {asking && (
        <ConfirmRequestDialog
          title={`Delete ${space.name}?`}
          confirmLabel="Delete space"
          onClose={() => setAsking(false)}
          run={async () => {
            await api("DELETE", itemPath(SPACES, space.space_id));
            navigate(SPACES);
          }}
        >
          <p>The space and its sub-spaces are deleted. A space with reports filed in it cannot be deleted: file them elsewhere first.</p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}
