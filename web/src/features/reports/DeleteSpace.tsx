// Delete space: removes the space and its sub-spaces, never reports; the server refuses (409)
// while reports are filed in it, and the dialog says so.
import { useState } from "react";
import { useLocation } from "wouter";
import { client } from "../../api";
import { ConfirmRequestDialog } from "../../components/Dialog";
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
            await client.call("spaces_delete", { params: { space_id: space.space_id } });
            navigate(SPACES);
          }}
        >
          <p>The space and its sub-spaces are deleted. A space with reports filed in it cannot be deleted: file them elsewhere first.</p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}
