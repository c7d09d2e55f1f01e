// A resource's items as a table: a row per item with the resource's columns, and the item's ⋮
// menu last.
import type { ReactNode } from "react";

export interface Column<L> {
  header: string;
  /** Classes of the header cell, and of the items' cells unless `cellClassName` differs. */
  className?: string;
  cellClassName?: string;
  cell(item: L): ReactNode;
}

/** An item's description, on wide screens; a dash when it has none. */
export const descriptionColumn = <L extends { description: string }>(): Column<L> => ({
  header: "Description",
  className: "wide-only",
  cellClassName: "wide-only description",
  cell: (item) => item.description || <span className="muted">—</span>,
});

export interface ResourceTableProps<L> {
  /** Names the table for assistive technology. */
  caption: string;
  columns: Column<L>[];
  menu(item: L): ReactNode;
}

export function ResourceTable<L extends { id: string }>({ caption, columns, menu, items }: ResourceTableProps<L> & { items: L[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              {columns.map((column) => (
                <td key={column.header} className={column.cellClassName ?? column.className}>
                  {column.cell(item)}
                </td>
              ))}
              <td className="actions">{menu(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
