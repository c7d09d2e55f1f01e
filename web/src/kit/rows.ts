// The rows of a list the person edits (a tool's parameters, a workflow's stages and their
// activities, a scheduled query's actions, watched scans, named values): each row carries a key
// of its own, so React keeps a row's inputs while rows are added, removed and moved.
interface Keyed {
  key: number;
}

let lastKey = 0;
/** A key no row has had. */
export const rowKey = () => ++lastKey;

/** What a list editor takes: its rows, where the edited list goes, and the form's issues by path. */
export interface RowsProps<T extends Keyed> {
  rows: T[];
  onChange(rows: T[]): void;
  errors: Record<string, string[]>;
}

/** The edits of a list of rows, each handing the whole new list to `onChange`. */
export function editRows<T extends Keyed>(rows: T[], onChange: (rows: T[]) => void) {
  return {
    add: (row: T) => onChange([...rows, row]),
    change: (key: number, change: Partial<T>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row))),
    remove: (key: number) => onChange(rows.filter((row) => row.key !== key)),
    /** Moves the row at `from` to `to`; a place outside the list leaves it as it is. */
    move: (from: number, to: number) => {
      if (to < 0 || to >= rows.length) return;
      const moved = [...rows];
      moved.splice(to, 0, ...moved.splice(from, 1));
      onChange(moved);
    },
  };
}
