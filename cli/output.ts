// What the CLI prints on stdout: the server's JSON for scripts (--output json), or plain
// aligned text for people (--output table; text is upstream Seizu's name for it where a command
// prints prose, as skills render does). Nothing else goes to stdout.

export const FORMATS = ["table", "text", "json"] as const;
export type Format = (typeof FORMATS)[number];

export interface Column<Row> {
  header: string;
  value: (row: Row) => unknown;
  max?: number;
}

export function print(text: string) {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

/** Prints `json` as is for --output json, otherwise the text `render` makes of it. */
export function emit<T>(format: Format, json: T, render: (json: T) => string) {
  print(format === "json" ? JSON.stringify(json, null, 2) : render(json));
}

/** One table cell: a single line, so rows stay aligned; structures as compact JSON. */
function cell(value: unknown, max = Infinity) {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (typeof value === "string") text = value;
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  text = text.replace(/\s*\n\s*/g, " ");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Columns separated by two spaces under an upper-case header; the last column is not padded. */
export function table<Row>(rows: readonly Row[], columns: Column<Row>[]) {
  const grid = [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => cell(column.value(row), column.max)))];
  const widths = columns.map((_, index) => Math.max(...grid.map((line) => line[index]!.length)));
  return grid
    .map((line) =>
      line
        .map((text, index) => (index === line.length - 1 ? text : text.padEnd(widths[index]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** A list's table, or `empty` ("(no toolsets)") when it has no rows. */
export function listTable<Row>(rows: readonly Row[], empty: string, columns: Column<Row>[]) {
  return rows.length === 0 ? empty : table(rows, columns);
}

/** A flag as tables and fields show it; an absent one (a built-in's version fields) shows as empty. */
export const yesNo = (value: boolean | undefined) => (value === undefined ? "" : value ? "yes" : "no");

/**
 * `label: value` lines with the values aligned; a multi-line value (Cypher) keeps its lines,
 * indented under the first.
 */
export function fields(entries: [string, unknown][]) {
  const width = Math.max(...entries.map(([label]) => label.length)) + 2;
  return entries
    .map(([label, value]) => {
      const text = typeof value === "string" ? value : cell(value);
      return `${`${label}:`.padEnd(width)}${text.split("\n").join(`\n${" ".repeat(width)}`)}`.trimEnd();
    })
    .join("\n");
}
