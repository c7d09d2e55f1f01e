// A table of records: a header cell and a cell per column, a row per record, in the app's table
// frame (scrolling sideways on narrow screens). Columns say what each cell shows; the table's
// name comes from a hidden caption, an aria-label or a heading it points at.
import type { HTMLAttributes, ReactNode } from "react";

export interface Column<R> {
  header: ReactNode;
  /** Tells columns apart where the header is not text. */
  key?: string;
  /** Classes of the header cell, and of the rows' cells unless `cellClassName` differs. */
  className?: string;
  cellClassName?: string;
  /** The cell names its row (<th scope="row">) rather than holding data. */
  rowHeader?: boolean;
  cell(row: R): ReactNode;
}

/** What a cell shows for a value that is not there. */
export const emptyCell = <span className="muted">—</span>;

/** The hidden header of a column of ⋮ menus. */
export const actionsHeader = <span className="visually-hidden">Actions</span>;

export interface TableProps<R> {
  columns: Column<R>[];
  rows: R[];
  rowKey(row: R): string | number;
  /** Attributes of a row's <tr>: a class, data-* for tests, aria-selected. */
  rowProps?(row: R): HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** The table's classes beyond `table`. */
  variant?: string;
  /** A hidden caption naming the table. */
  caption?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}

const columnKey = <R,>(column: Column<R>, index: number) => column.key ?? (typeof column.header === "string" ? column.header : index);

export function Table<R>({ columns, rows, rowKey, rowProps, variant, caption, ...label }: TableProps<R>) {
  return (
    <div className="table-wrap">
      <table className={variant ? `table ${variant}` : "table"} {...label}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={columnKey(column, index)} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, index) => {
                const className = column.cellClassName ?? column.className;
                return column.rowHeader ? (
                  <th key={columnKey(column, index)} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={columnKey(column, index)} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
