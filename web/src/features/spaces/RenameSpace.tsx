// Rename space: its name (unique among spaces, the server says when it is taken) and its
// description, sent whole (PUT replaces both, as upstream); the page shows the saved space.
import { useState } from "react";
import { client } from "../../api";
import { ActionForm } from "../../components/ActionForm";
import { Dialog } from "../../components/Dialog";
import { DialogButton } from "../../components/DialogButton";
import { TextField } from "../../components/Fields";
import { useAction } from "../../hooks";
import type { Space } from "../../types";

export function RenameSpaceButton({ space, onRenamed }: { space: Space; onRenamed(): void }) {
  return (
    <DialogButton label="Rename space">
      {(close) => (
        <RenameSpaceDialog
          space={space}
          onClose={close}
          onRenamed={() => {
            close();
            onRenamed();
          }}
        />
      )}
    </DialogButton>
  );
}

function RenameSpaceDialog({ space, onClose, onRenamed }: { space: Space; onClose(): void; onRenamed(): void }) {
  const [name, setName] = useState(space.name);
  const [description, setDescription] = useState(space.description);
  const saving = useAction();
  const save = () =>
    saving.run(async () => {
      await client.call("spaces_update", { params: { space_id: space.space_id }, body: { name, description } });
      onRenamed();
    });
  return (
    <Dialog title={`Rename ${space.name}`} onClose={onClose}>
      <ActionForm action={saving} onSubmit={save} onCancel={onClose} label="Save space" busyLabel="Saving…">
        <TextField label="Name" name="name" value={name} onChange={setName} required />
        <TextField label="Description" name="description" value={description} onChange={setDescription} multiline />
      </ActionForm>
    </Dialog>
  );
}
