// What every versioned resource's form shows around its fields: general errors, the "changed
// since you opened it" conflict with its Reload button, the comment of a change, the
// Cancel/Save buttons, and telling the dialog around it whether the draft was edited (so
// Escape asks before discarding it).
import type { FormEvent, ReactNode } from "react";
import { TextField } from "../components/Fields";
import { useUnsavedDraft } from "../components/unsaved-draft";
import type { VersionedForm } from "./versioned-form";

export function FormShell<T, B>({
  form,
  edited,
  onSubmit,
  onCancel,
  onReload,
  children,
}: {
  form: VersionedForm<T, B>;
  /** The person changed one of the form's fields since it opened (the comment counts on its own). */
  edited: boolean;
  onSubmit(): void;
  onCancel(): void;
  /** Loads the latest version into the form, after a conflict. */
  onReload(): void;
  children: ReactNode;
}) {
  const { mode, noun, errors, busy, notice } = form;
  useUnsavedDraft(edited || form.comment !== "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {errors.conflict && (
        <div className="form-error conflict" role="alert">
          <p>
            <strong>This {noun} has changed since you opened it.</strong> Someone saved a newer version, so your change was not applied. Reload to get the
            latest version, then make your change again.
          </p>
          <button type="button" className="button" onClick={onReload}>
            Reload latest version
          </button>
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
      {mode === "edit" && (
        <TextField
          label="Comment (optional)"
          name="comment"
          value={form.comment}
          onChange={form.setComment}
          error={errors.fields.comment}
          hint="Why you made this change; shown in the version history."
        />
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Saving…" : mode === "create" ? `Create ${noun}` : "Save changes"}
        </button>
      </div>
    </form>
  );
}
