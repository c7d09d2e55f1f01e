// What every versioned resource's form shows around its fields: general errors, the "changed
// since you opened it" conflict with its Reload button, the comment of a change, the
// Cancel/Save buttons, and telling the dialog around it whether the draft was edited (so
// Escape asks before discarding it).
import type { FormEvent, ReactNode } from "react";
import { TextField } from "../components/Fields";
import { FormActions } from "../components/FormActions";
import { useUnsavedDraft } from "../components/unsaved-draft";
import { FormAlerts } from "./FormAlerts";
import { type Draft, useDraft } from "./draft";
import type { FieldRules } from "./form-errors";
import { IdField } from "./IdField";
import type { FormProps } from "./resource";
import { useVersionedForm, type VersionedForm } from "./versioned-form";

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
      <FormAlerts noun={noun} errors={errors} notice={notice} onReload={onReload} />
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
      <FormActions label={mode === "create" ? `Create ${noun}` : "Save changes"} busyLabel="Saving…" busy={busy} onCancel={onCancel} />
    </form>
  );
}

/**
 * A versioned resource's form whose fields are a Draft of the item: saving sends the draft's
 * definition under its id, and Reload puts the latest version into the draft. With `idHint`, the
 * id field comes first; the resource's own fields are `children`, drawn from the draft.
 */
export function DraftForm<T extends { id: string; version?: number | undefined }, B extends object, D extends { id: string }>({
  props,
  rules,
  draftOf,
  compared,
  definition,
  idHint,
  children,
}: {
  props: FormProps<T>;
  rules: FieldRules;
  /** The draft of a saved version, or of a new item. */
  draftOf(item?: T): D;
  /** What counts as the draft's content when telling whether it was edited (useDraft). */
  compared?(draft: D): unknown;
  /** What is saved of the draft besides the id. */
  definition(draft: D): B;
  /** What the id is for and which characters it takes, while it can be typed (IdField). */
  idHint?: ReactNode;
  children(draft: Draft<D>, form: VersionedForm<T, B>): ReactNode;
}) {
  const form = useVersionedForm<T, B>(props, rules);
  const draft = useDraft(() => draftOf(props.item), compared);
  return (
    <FormShell
      form={form}
      edited={draft.edited}
      onSubmit={() => void form.save(draft.value.id, definition(draft.value))}
      onCancel={props.onCancel}
      onReload={() => void form.reload((latest) => draft.replace(draftOf(latest)))}
    >
      {idHint !== undefined && <IdField mode={form.mode} value={draft.value.id} onChange={draft.set("id")} error={form.errors.fields.id} createHint={idHint} />}
      {children(draft, form)}
    </FormShell>
  );
}
