// The state every form that saves a version shares, whatever its fields and however it sends
// them: busy while saving, the server's errors mapped onto the form, the comment of a change,
// the version the change is based on, and after a conflict, loading the latest version to make
// the change again on. versioned-form.ts sends a toolset, tool or role (POST, or PATCH of the
// fields); a workflow or scheduled query sends its whole definition (POST, or PUT).
import { useState } from "react";
import { type FormErrors, noErrors } from "./form-errors";

export interface FormState {
  mode: "create" | "edit";
  noun: string;
  errors: FormErrors;
  busy: boolean;
  /** Says what the reload did. */
  notice: string | null;
  /** The comment of the change, for the version history (FormShell shows it). */
  comment: string;
  setComment(comment: string): void;
}

export interface SavingForm<T, D> extends FormState {
  /** Saves the draft; the form shows the server's errors, or hands the saved item on. */
  save(draft: D): Promise<void>;
  /** Loads the edited item's latest version; `load` puts its definition into the fields. */
  reload(load: (latest: T) => void): Promise<void>;
}

export interface Saving<T, D> {
  noun: string;
  /** The edited item's version when the form opened; none for a new item. */
  version: number | undefined;
  /** Sends the draft: a new item, or a change based on version `base` with the comment (undefined: none written). */
  send(draft: D, base: number, comment: string | undefined): Promise<T>;
  /** The edited item's latest version, read again after a conflict. */
  latest(): Promise<T>;
  versionOf(item: T): number;
  /** The server's refusal as the form shows it; `fields: false` while reloading, when no field is the cause. */
  errorsOf(error: unknown, mode: "create" | "edit", fields: boolean): FormErrors;
  onSaved(saved: T): void;
}

export function useSavingForm<T, D>({ noun, version, send, latest, versionOf, errorsOf, onSaved }: Saving<T, D>): SavingForm<T, D> {
  const mode = version === undefined ? "create" : "edit";
  const [comment, setComment] = useState("");
  const [baseVersion, setBaseVersion] = useState(version ?? 0);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const save = async (draft: D) => {
    setBusy(true);
    setErrors(noErrors);
    setNotice(null);
    try {
      onSaved(await send(draft, baseVersion, comment.trim() || undefined));
    } catch (error) {
      setErrors(errorsOf(error, mode, true));
      setBusy(false);
    }
  };

  const reload = async (load: (latest: T) => void) => {
    // Only an edited item can have changed since the form opened.
    if (mode === "create") return;
    try {
      const item = await latest();
      load(item);
      setBaseVersion(versionOf(item));
      setErrors(noErrors);
      setNotice(`Loaded the latest version (${versionOf(item)}). Make your change again and save.`);
    } catch (error) {
      setErrors(errorsOf(error, mode, false));
    }
  };

  return { mode, noun, errors, busy, notice, comment, setComment, save, reload };
}
