// Rows of a tool result as a table: one column per key (in the order they first appear), a page
// of rows at a time so even the largest result (MCP_TOOL_RESULT_MAX_ROWS) renders at once.
import { useMemo, useState } from "react";
import type { Row } from "../types";
import { Pager } from "./Pager";
import { ResultCell } from "./ResultCell";

const PAGE_SIZE = 100;

function columnsOf(rows: Row[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

export function ResultTable({ rows, caption }: { rows: Row[]; caption: string }) {
  const columns = useMemo(() => columnsOf(rows), [rows]);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const offset = current * PAGE_SIZE;
  return (
    <>
      {pages > 1 && <Pager page={current} pages={pages} size={PAGE_SIZE} total={rows.length} label={`Pages of ${caption.toLowerCase()}`} onPage={setPage} />}
      <div className="table-wrap">
        <table className="table results">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(offset, offset + PAGE_SIZE).map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no identity but their place in the result
              <tr key={offset + index}>
                {columns.map((column) => (
                  <ResultCell key={column} value={row[column]} column={column} row={offset + index + 1} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
