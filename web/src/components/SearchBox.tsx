// The search box above a list or a table: what it searches in its label, and how many of the
// items match while a query is typed (announced politely to screen readers).
export function SearchBox({
  label,
  query,
  onQuery,
  shown,
  total,
}: {
  /** Names what is searched: "Search toolsets". */
  label: string;
  query: string;
  onQuery(query: string): void;
  shown: number;
  total: number;
}) {
  return (
    <div className="search-box">
      <input type="search" aria-label={label} placeholder={`${label}…`} value={query} onChange={(event) => onQuery(event.target.value)} />
      <span className="search-count muted small" aria-live="polite">
        {query.trim() ? `${shown.toLocaleString()} of ${total.toLocaleString()}` : ""}
      </span>
    </div>
  );
}
