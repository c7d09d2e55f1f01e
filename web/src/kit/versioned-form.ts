// The state every versioned resource's form shares, whatever its fields: saving (a new item is
// POSTed to the collection; a change is PATCHed naming the version it was based on, with the
// comment), the server's errors mapped onto the form, and after a conflict, loading the latest
// version to make the change again on.
import { useState } from "react";
import { api, get } from "../api";
import { formErrors, noErrors, type FieldRules, type FormErrors } from "./form-errors";
import { itemPath } from "./paths";
import type { FormProps } from "./resource";

export interface VersionedForm<T, B> {
  mode: "create" | "edit";
  noun: string;
  errors: FormErrors;
  busy: boolean;
  /** Says what the reload did. */
  notice: string | null;
  /** The comment of the change, for the version history (FormShell shows it when editing). */
  comment: string;
  setComment(comment: string): void;
  /** Saves the definition as the new item `id`, or as a change of the edited item `id`. */
  save(id: string, definition: B): Promise<void>;
  /** Loads the edited item's latest version; `load` puts its definition into the fields. */
  reload(load: (latest: T) => void): Promise<void>;
}

/** `B` is the definition the form sends, the input of the resource's body schema. */
export function useVersionedForm<T extends { id: string; version?: number | undefined }, B extends object>(
  { noun, collection, item, onSaved }: FormProps<T>,
  { shown, marked }: FieldRules,
): VersionedForm<T, B> {
  const mode = item ? "edit" : "create";
  const [comment, setComment] = useState("");
  const [baseVersion, setBaseVersion] = useState(item?.version ?? 0);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // The comment field is FormShell's, so every form shows its issues.
  const rules = { shown: (field: string) => field === "comment" || shown(field), marked };

  const save = async (id: string, definition: B) => {
    setBusy(true);
    setErrors(noErrors);
    setNotice(null);
    try {
      const saved =
        mode === "create"
          ? await api<T>("POST", collection, { id, ...definition })
          : await api<T>("PATCH", itemPath(collection, id), {
              ...definition,
              base_version: baseVersion,
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            });
      onSaved(saved);
    } catch (error) {
      setErrors(formErrors(error, rules, mode, noun));
      setBusy(false);
    }
  };

  const reload = async (load: (latest: T) => void) => {
    // Only an edited item can have changed since the form opened.
    if (!item) return;
    try {
      const latest = await get<T>(itemPath(collection, item.id));
      load(latest);
      setBaseVersion(latest.version ?? 0);
      setErrors(noErrors);
      setNotice(`Loaded the latest version (${latest.version}). Make your change again and save.`);
    } catch (error) {
      setErrors(formErrors(error, { shown: () => false, marked }, mode, noun));
    }
  };

  return { mode, noun, errors, busy, notice, comment, setComment, save, reload };
}
