// Rows of a tool result as a table: one column per key (in the order they first appear), a page
// of rows at a time so even the largest result (MCP_TOOL_RESULT_MAX_ROWS) renders at once.
import { useMemo, useState } from "react";
import type { Row } from "../types";
import { Pager } from "./Pager";
import { ResultCell } from "./ResultCell";
import { SearchBox } from "./SearchBox";
import { useSearch } from "./search";

const PAGE_SIZE = 100;

/** Keys in the order they first appear among the rows. */
function columnsOf(rows: Row[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/** Rows of a table searched as they are typed (a search box shows from two rows on), a page at a time. */
export function ResultTable({ rows, caption }: { rows: Row[]; caption: string }) {
  const [page, setPage] = useState(0);
  const { query, setQuery, matching } = useSearch(rows);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const offset = current * PAGE_SIZE;
  return (
    <>
      {rows.length > 1 && <SearchBox label={`Search ${caption.toLowerCase()}`} query={query} onQuery={setQuery} shown={matching.length} total={rows.length} />}
      {pages > 1 && (
        <Pager page={current} pages={pages} size={PAGE_SIZE} total={matching.length} label={`Pages of ${caption.toLowerCase()}`} onPage={setPage} />
      )}
      <RecordsTable rows={rows} shown={matching.slice(offset, offset + PAGE_SIZE)} offset={offset} caption={caption} />
    </>
  );
}

/**
 * Records as a table, a column per key any of `rows` has; `shown` (a page of them, starting at
 * `offset`) are the rows drawn. Named by a hidden caption or an aria-label.
 */
export function RecordsTable({
  rows,
  shown = rows,
  offset = 0,
  caption,
  variant,
  ...label
}: {
  rows: Row[];
  shown?: Row[];
  offset?: number;
  caption?: string;
  /** Classes beyond `table results`. */
  variant?: string;
  "aria-label"?: string;
}) {
  const columns = useMemo(() => columnsOf(rows), [rows]);
  return (
    <div className="table-wrap">
      <table className={variant ? `table results ${variant}` : "table results"} {...label}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
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
          {shown.map((row, index) => (
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
  );
}
