// A versioned resource's form over a draft of its item (useDraft): the resource says how an item
// becomes a draft and a draft a definition, and draws its fields; the kit adds the id field, the
// form shell around them, saving and Reload.
import type { ReactNode } from "react";
import { type Draft, useDraft } from "./draft";
import { FormShell } from "./FormShell";
import type { FieldRules } from "./form-errors";
import { IdField } from "./IdField";
import type { FormProps } from "./resource";
import { useVersionedForm, type VersionedForm } from "./versioned-form";

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
