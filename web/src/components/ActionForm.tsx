// A dialog's form that runs one request (create a report, file it, clone it...): its fields, the
// request's error, then Cancel and the submit button.
import type { ReactNode } from "react";
import type { Action } from "../hooks";
import { FormActions } from "./FormActions";

export function ActionForm({
  action,
  onSubmit,
  onCancel,
  label,
  busyLabel,
  children,
}: {
  /** The request's busy and error states (useAction). */
  action: Action;
  /** Runs the request (through `action.run`). */
  onSubmit(): Promise<void>;
  onCancel(): void;
  label: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      {action.error && (
        <p className="result-error" role="alert">
          {action.error}
        </p>
      )}
      <FormActions label={label} busyLabel={busyLabel} busy={action.busy} onCancel={onCancel} />
    </form>
  );
}
