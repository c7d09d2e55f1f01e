// A versioned resource's id: typed once, when it is created, and read-only ever after (ids are
// immutable: versions, MCP tool names and role claims refer to them).
import type { ReactNode } from "react";
import { TextField } from "../components/Fields";

export function IdField({
  mode,
  value,
  onChange,
  error,
  createHint,
  editHint = "The id cannot be changed.",
}: {
  mode: "create" | "edit";
  value: string;
  onChange(value: string): void;
  error: string[] | undefined;
  /** What the id is for and which characters it takes, shown while it can still be typed. */
  createHint: ReactNode;
  editHint?: ReactNode;
}) {
  return (
    <TextField
      label="ID"
      name="id"
      value={value}
      onChange={onChange}
      readOnly={mode === "edit"}
      required
      error={error}
      hint={mode === "create" ? createHint : editHint}
    />
  );
}
