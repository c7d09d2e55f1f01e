// A versioned resource as the UI kit shows it: how texts name the resource and its items, which
// listed items its form edits, and what deleting one destroys. What depends on where its items
// are shown (their collection, the caller's rights, the form with what it needs to know) its
// actions hook hands to the kit (web/src/features/toolsets.tsx, ...).
import type { ReactNode } from "react";

/** `L` is an item as listed, `T` as its form edits it (a tool list also lists built-in tools). */
export interface VersionedResource<L extends { id: string }, T extends L = L> {
  /** Names the resource in texts: "New toolset", "Delete toolset …?", "This toolset has changed…". */
  noun: string;
  /** Names one item in texts and menu labels: its name, or its id where it has none. */
  label(item: L): string;
  /** The item as its form edits it; null when the form cannot edit it (a built-in tool has no Cypher). */
  editable(item: L): T | null;
  /** What deleting the item destroys, said in the Delete confirmation. */
  consequences(item: T): ReactNode;
  /** The form needs a wide dialog (the tool form's Cypher editor and parameter rows). */
  wide?: boolean;
}

/** What the kit hands a resource's form. */
export interface FormProps<T> {
  noun: string;
  /** The API path of the collection the item is created in; the item is at {collection}/{id}. */
  collection: string;
  /** The item to edit; none for a new one. */
  item?: T | undefined;
  onSaved(saved: T): void;
  onCancel(): void;
}
