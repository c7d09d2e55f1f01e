// What every create/edit form shares: general errors, the "changed since you opened it"
// conflict with its Reload button, the Cancel/Save buttons, and telling the dialog around it
// whether the draft was edited (so Escape asks before discarding it).
import type { FormEvent, ReactNode } from "react";
import { useUnsavedDraft } from "../components/unsaved-draft";
import type { FormErrors } from "./errors";

export function FormShell({
  errors,
  busy,
  edited,
  submitLabel,
  kind,
  notice,
  onSubmit,
  onCancel,
  onReload,
  children,
}: {
  errors: FormErrors;
  busy: boolean;
  /** The person changed something since the form opened. */
  edited: boolean;
  submitLabel: string;
  kind: string;
  notice?: string | null;
  onSubmit(): void;
  onCancel(): void;
  onReload?: () => void;
  children: ReactNode;
}) {
  useUnsavedDraft(edited);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {errors.conflict && (
        <div className="form-error conflict" role="alert">
          <p>
            <strong>This {kind} has changed since you opened it.</strong> Someone saved a newer version, so your change was not applied. Reload to get the
            latest version, then make your change again.
          </p>
          {onReload && (
            <button type="button" className="button" onClick={onReload}>
              Reload latest version
            </button>
          )}
        </div>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {errors.general.length > 0 && (
        <div className="form-error" role="alert">
          {errors.general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {children}
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
