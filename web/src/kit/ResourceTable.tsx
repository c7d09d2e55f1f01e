// A resource's items as a table: a row per item with the resource's columns, and the item's ⋮
// menu last.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { actionsHeader, type Column, emptyCell, Table } from "../components/Table";

export type { Column };

/** An item's description, on wide screens; a dash when it has none. */
export const descriptionColumn = <L extends { description: string }>(): Column<L> => ({
  header: "Description",
  className: "wide-only",
  cellClassName: "wide-only description",
  cell: (item) => item.description || emptyCell,
});

/**
 * An item's name, linking to its page, with its badges; under it on narrow screens, what the
 * wide-only columns say that matters most (they are hidden there).
 */
export const nameColumn = <L,>({
  href,
  name,
  badges,
  narrow,
}: {
  href(item: L): string;
  name(item: L): ReactNode;
  badges?(item: L): ReactNode;
  narrow?(item: L): ReactNode;
}): Column<L> => ({
  header: "Name",
  cell: (item) => (
    <>
      <Link href={href(item)} className="row-link">
        {name(item)}
      </Link>
      {badges && <> {badges(item)}</>}
      {narrow && <div className="narrow-only muted small">{narrow(item)}</div>}
    </>
  ),
});

export interface ResourceTableProps<L> {
  /** Names the table for assistive technology. */
  caption: string;
  columns: Column<L>[];
  menu(item: L): ReactNode;
}

export function ResourceTable<L extends { id: string }>({ caption, columns, menu, items }: ResourceTableProps<L> & { items: L[] }) {
  return (
    <Table
      caption={caption}
      rows={items}
      rowKey={(item) => item.id}
      columns={[...columns, { header: actionsHeader, key: "actions", cellClassName: "actions", cell: menu }]}
    />
  );
}
