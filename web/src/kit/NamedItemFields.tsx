// The fields that open a versioned item's form where the item has a name beside its id (a tool, a
// skill): the id (IdField) and the name side by side, then the description.
import type { ReactNode } from "react";
import { TextField } from "../components/Fields";
import type { Draft } from "./draft";
import { IdField } from "./IdField";
import type { VersionedForm } from "./versioned-form";

interface Named {
  id: string;
  name: string;
  description: string;
}

export function NamedItemFields<D extends Named>({
  draft,
  form,
  createHint,
  editHint,
  descriptionHint,
}: {
  draft: Draft<D>;
  form: Pick<VersionedForm<unknown, object>, "errors" | "mode">;
  createHint: ReactNode;
  editHint: ReactNode;
  /** What the description is for. */
  descriptionHint: ReactNode;
}) {
  const { errors, mode } = form;
  const text = (key: keyof Named) => draft.set(key) as (value: string) => void;
  return (
    <>
      <div className="form-grid">
        <IdField mode={mode} value={draft.value.id} onChange={text("id")} error={errors.fields.id} createHint={createHint} editHint={editHint} />
        <TextField label="Name" name="name" value={draft.value.name} onChange={text("name")} required error={errors.fields.name} />
      </div>
      <TextField
        label="Description"
        name="description"
        value={draft.value.description}
        onChange={text("description")}
        multiline
        error={errors.fields.description}
        hint={descriptionHint}
      />
    </>
  );
}
