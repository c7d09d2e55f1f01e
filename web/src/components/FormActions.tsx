// The buttons under a form: Cancel, and the submit button, which shows what is happening while
// the form's request runs and stays disabled meanwhile. Buttons of the form's own come first.
import type { ReactNode } from "react";

export function FormActions({
  label,
  busyLabel,
  busy,
  disabled = false,
  onCancel,
  children,
}: {
  label: string;
  /** The submit button's text while the request runs: "Saving…". */
  busyLabel: string;
  busy: boolean;
  /** Disables the submit button for a reason of the form's own, besides running. */
  disabled?: boolean;
  onCancel(): void;
  children?: ReactNode;
}) {
  return (
    <div className="form-actions">
      {children}
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button primary" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
