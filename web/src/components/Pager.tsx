// Paging through a long list: which rows are shown out of how many, and buttons to the first,
// previous, next and last page.
const count = (value: number) => value.toLocaleString();

export function Pager({
  page,
  pages,
  size,
  total,
  label,
  onPage,
}: {
  page: number;
  pages: number;
  size: number;
  total: number;
  label: string;
  onPage(page: number): void;
}) {
  const first = page * size + 1;
  const last = Math.min(total, first + size - 1);
  const button = (text: string, target: number) => (
    <button
      type="button"
      className="button small"
      aria-label={`${text} page`}
      disabled={target === page || target < 0 || target >= pages}
      onClick={() => onPage(target)}
    >
      {text}
    </button>
  );
  return (
    <nav className="pager" aria-label={label}>
      <span role="status">
        Rows {count(first)}–{count(last)} of {count(total)}
      </span>
      <span className="pager-buttons">
        {button("First", 0)}
        {button("Previous", page - 1)}
        {button("Next", page + 1)}
        {button("Last", pages - 1)}
      </span>
    </nav>
  );
}
