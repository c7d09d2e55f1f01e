// A resource's list as it loads: the error with Try again, the loading state, what an empty
// list shows, then the table of its items.
import type { ReactNode } from "react";
import { Empty, Loaded } from "../components/States";
import type { Resource } from "../hooks";
import { ResourceTable, type ResourceTableProps } from "./ResourceTable";

export function ResourceList<D, L extends { id: string }>({
  list,
  items,
  loading,
  empty,
  ...table
}: ResourceTableProps<L> & {
  list: Resource<D>;
  /** The items of the loaded list. */
  items(data: D): L[];
  loading: string;
  /** Shown instead of an empty table; without it, an empty list is an empty table. */
  empty?: ReactNode;
}) {
  return (
    <Loaded resource={list} loading={loading}>
      {(data) => {
        const shown = items(data);
        return shown.length === 0 && empty !== undefined ? empty : <ResourceTable items={shown} {...table} />;
      }}
    </Loaded>
  );
}

/** What an empty list of a resource shows: that it is empty, what its items are, and New. */
export function NoItems({ title, text, newButton }: { title: string; text: ReactNode; newButton: ReactNode }) {
  return (
    <Empty title={title}>
      <p>{text}</p>
      {newButton}
    </Empty>
  );
}
