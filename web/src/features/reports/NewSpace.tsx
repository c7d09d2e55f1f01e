// New space: a name (unique, the server says when it is taken) and a description; created, it opens.
import { useState } from "react";
import { useLocation } from "wouter";
import { client } from "../../api";
import { ActionForm } from "../../components/ActionForm";
import { Dialog } from "../../components/Dialog";
import { TextField } from "../../components/Fields";
import { useAction } from "../../hooks";
import { spacePath } from "./paths";

export function NewSpaceButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)}>
        New space
      </button>
      {open && <NewSpaceDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function NewSpaceDialog({ onClose }: { onClose(): void }) {
  const [, navigate] = useLocation();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const creation = useAction();
  const create = () =>
    creation.run(async () => {
      const created = await client.call("spaces_create", { body: { name, description } });
      onClose();
      navigate(spacePath(created.space_id));
    });
  return (
    <Dialog title="New space" onClose={onClose}>
      <ActionForm action={creation} onSubmit={create} onCancel={onClose} label="Create space" busyLabel="Creating…">
        <TextField label="Name" name="name" value={name} onChange={setName} required />
        <TextField label="Description" name="description" value={description} onChange={setDescription} multiline />
      </ActionForm>
    </Dialog>
  );
}
