// New report: a name and, optionally, a space to file it in (a report in a space is public;
// otherwise it starts private). Created, it opens in the editor.
import { useState } from "react";
import { useLocation } from "wouter";
import { ApiError, client, describeError } from "../../api";
import { ActionForm } from "../../components/ActionForm";
import { Dialog } from "../../components/Dialog";
import { Field, Options, TextField } from "../../components/Fields";
import { useAction } from "../../hooks";
import type { Space } from "../../types";
import { reportPath } from "./paths";

export function NewReportButton({ spaces }: { spaces: Space[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)}>
        New report
      </button>
      {open && <NewReportDialog spaces={spaces} onClose={() => setOpen(false)} />}
    </>
  );
}

function NewReportDialog({ spaces, onClose }: { spaces: Space[]; onClose(): void }) {
  const [, navigate] = useLocation();
  const [name, setName] = useState("");
  const [space, setSpace] = useState("");
  const [nameError, setNameError] = useState<string[] | undefined>();
  const action = useAction((error) => {
    const issue = error instanceof ApiError ? error.fields.find((field) => field.field === "name") : undefined;
    setNameError(issue ? [issue.message] : undefined);
    return issue ? "" : describeError(error);
  });
  const create = () =>
    action.run(async () => {
      const created = await client.call("reports_create", { body: { name, ...(space ? { space_id: space } : {}) } });
      navigate(`${reportPath(created.report_id)}/edit`);
    });
  return (
    <Dialog title="New report" onClose={onClose}>
      <ActionForm action={action} onSubmit={create} onCancel={onClose} label="Create report" busyLabel="Creating…">
        <TextField label="Name" name="name" value={name} onChange={setName} error={nameError} required />
        <Field label="Space" name="space" hint="A report in a space is public; otherwise only you see it until you make it public.">
          {(control) => (
            <select {...control} value={space} onChange={(event) => setSpace(event.target.value)}>
              <Options none="No space" items={spaces} value={(candidate) => candidate.space_id} label={(candidate) => candidate.name} />
            </select>
          )}
        </Field>
      </ActionForm>
    </Dialog>
  );
}
