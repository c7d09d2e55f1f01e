// A resource's items as a table: a row per item with the resource's columns, and the item's ⋮
// menu last.
import type { ReactNode } from "react";
import { actionsHeader, type Column, emptyCell, Table } from "../components/Table";

export type { Column };

/** An item's description, on wide screens; a dash when it has none. */
export const descriptionColumn = <L extends { description: string }>(): Column<L> => ({
  header: "Description",
  className: "wide-only",
  cellClassName: "wide-only description",
  cell: (item) => item.description || emptyCell,
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
