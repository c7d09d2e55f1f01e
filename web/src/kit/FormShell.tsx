// What every versioned resource's form shows around its fields: general errors, the "changed
// since you opened it" conflict with its Reload button, the comment of a change, the
// Cancel/Save buttons, and telling the dialog around it whether the draft was edited (so
// Escape asks before discarding it).
import type { FormEvent, ReactNode } from "react";
import { TextField } from "../components/Fields";
import { FormActions } from "../components/FormActions";
import { useUnsavedDraft } from "../components/unsaved-draft";
import { FormAlerts } from "./FormAlerts";
import type { FormState } from "./saving-form";

export function FormShell({
  form,
  className = "form",
  commentOnCreate = false,
  edited,
  onSubmit,
  onCancel,
  onReload,
  children,
}: {
  form: FormState;
  /** The form's classes ("form" and the resource's own). */
  className?: string;
  /** A new item's first version takes a comment too (a workflow's does). */
  commentOnCreate?: boolean;
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
    <form className={className} onSubmit={submit} noValidate>
      <FormAlerts noun={noun} errors={errors} notice={notice} onReload={onReload} />
      {children}
      {(mode === "edit" || commentOnCreate) && (
        <TextField
          label="Comment (optional)"
          name="comment"
          value={form.comment}
          onChange={form.setComment}
          error={errors.fields.comment}
          hint="Why you made this change; shown in the version history."
        />
      )}
      <FormActions label={mode === "create" ? `Create ${noun}` : "Save changes"} busyLabel="Saving…" busy={busy} onCancel={onCancel} />
    </form>
  );
}
