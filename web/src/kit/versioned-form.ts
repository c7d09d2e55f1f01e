// A toolset's, tool's or role's form state (saving-form.ts): a new item is POSTed to the
// collection; a change is PATCHed naming the version it was based on, with the comment.
import { api, get } from "../api";
import { type FieldRules, formErrors } from "./form-errors";
import { itemPath } from "./paths";
import type { FormProps } from "./resource";
import { type SavingForm, useSavingForm } from "./saving-form";

export interface VersionedForm<T, B> extends Omit<SavingForm<T, { id: string; definition: B }>, "save"> {
  /** Saves the definition as the new item `id`, or as a change of the edited item `id`. */
  save(id: string, definition: B): Promise<void>;
}

/** `B` is the definition the form sends, the input of the resource's body schema. */
export function useVersionedForm<T extends { id: string; version?: number | undefined }, B extends object>(
  { noun, collection, item, onSaved }: FormProps<T>,
  { shown, marked }: FieldRules,
): VersionedForm<T, B> {
  // The comment field is FormShell's, so every form shows its issues.
  const rules = { shown: (field: string) => field === "comment" || shown(field), marked };
  const form = useSavingForm<T, { id: string; definition: B }>({
    noun,
    version: item ? (item.version ?? 0) : undefined,
    send: ({ id, definition }, base, comment) =>
      item
        ? api<T>("PATCH", itemPath(collection, id), { ...definition, base_version: base, ...(comment ? { comment } : {}) })
        : api<T>("POST", collection, { id, ...definition }),
    latest: () => get<T>(itemPath(collection, item!.id)),
    versionOf: (latest) => latest.version ?? 0,
    errorsOf: (error, mode, fields) => formErrors(error, fields ? rules : { shown: () => false, marked }, mode, noun),
    onSaved,
  });
  return { ...form, save: (id, definition) => form.save({ id, definition }) };
}
