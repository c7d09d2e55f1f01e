// A resource's list as it loads: the error with Try again, the loading state, what an empty
// list shows, then a search box and the table of the items matching it.
import type { ReactNode } from "react";
import { SearchBox } from "../components/SearchBox";
import { useSearch } from "../components/search";
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
        return shown.length === 0 && empty !== undefined ? empty : <SearchableTable items={shown} {...table} />;
      }}
    </Loaded>
  );
}

function SearchableTable<L extends { id: string }>({ items, ...table }: ResourceTableProps<L> & { items: L[] }) {
  const { query, setQuery, matching } = useSearch(items);
  return (
    <>
      <SearchBox label={`Search ${table.caption.toLowerCase()}`} query={query} onQuery={setQuery} shown={matching.length} total={items.length} />
      {matching.length === 0 ? <Empty title={`No ${table.caption.toLowerCase()} match “${query.trim()}”.`} /> : <ResourceTable items={matching} {...table} />}
    </>
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
