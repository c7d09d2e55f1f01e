// A space's sub-spaces on its page: New sub-space, and each one's ⋮ menu to rename or delete
// it. A name is unique in its space (the server says when it is taken); deleting a sub-space
// leaves its reports in the space, ungrouped.
import { useState } from "react";
import { client } from "../../api";
import { ActionForm } from "../../components/ActionForm";
import { ConfirmRequestDialog, Dialog } from "../../components/Dialog";
import { DialogButton } from "../../components/DialogButton";
import { TextField } from "../../components/Fields";
import { Menu } from "../../components/Menu";
import { useAction } from "../../hooks";
import type { Subspace } from "../../types";

export function NewSubspaceButton({ spaceId, onChanged }: { spaceId: string; onChanged(): void }) {
  return (
    <DialogButton label="New sub-space">
      {(close) => (
        <SubspaceNameDialog
          title="New sub-space"
          initial=""
          label="Create sub-space"
          send={(name) => client.call("spaces_create_subspace", { params: { space_id: spaceId }, body: { name } })}
          onClose={close}
          onSaved={() => {
            close();
            onChanged();
          }}
        />
      )}
    </DialogButton>
  );
}

export function SubspaceMenu({ subspace, reports, onChanged }: { subspace: Subspace; reports: number; onChanged(): void }) {
  const [open, setOpen] = useState<"rename" | "delete" | null>(null);
  const params = { space_id: subspace.space_id, subspace_id: subspace.subspace_id };
  const done = () => {
    setOpen(null);
    onChanged();
  };
  return (
    <>
      <Menu
        label={`Actions for sub-space ${subspace.name}`}
        items={[
          { label: "Rename…", onSelect: () => setOpen("rename") },
          { label: "Delete…", danger: true, onSelect: () => setOpen("delete") },
        ]}
      />
      {open === "rename" && (
        <SubspaceNameDialog
          title={`Rename ${subspace.name}`}
          initial={subspace.name}
          label="Save sub-space"
          send={(name) => client.call("spaces_update_subspace", { params, body: { name } })}
          onClose={() => setOpen(null)}
          onSaved={done}
        />
      )}
      {open === "delete" && (
        <ConfirmRequestDialog
          title={`Delete ${subspace.name}?`}
          confirmLabel="Delete sub-space"
          onClose={() => setOpen(null)}
          run={async () => {
            await client.call("spaces_delete_subspace", { params });
            done();
          }}
        >
          <p>
            {reports === 0
              ? "The sub-space is empty."
              : `Its ${reports === 1 ? "report stays" : `${reports} reports stay`} in the space, in no sub-space; no report is deleted.`}
          </p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}

function SubspaceNameDialog({
  title,
  initial,
  label,
  send,
  onClose,
  onSaved,
}: {
  title: string;
  initial: string;
  label: string;
  send(name: string): Promise<unknown>;
  onClose(): void;
  onSaved(): void;
}) {
  const [name, setName] = useState(initial);
  const saving = useAction();
  const save = () =>
    saving.run(async () => {
      await send(name);
      onSaved();
    });
  return (
    <Dialog title={title} onClose={onClose}>
      <ActionForm action={saving} onSubmit={save} onCancel={onClose} label={label} busyLabel="Saving…">
        <TextField label="Name" name="name" value={name} onChange={setName} required />
      </ActionForm>
    </Dialog>
  );
}
