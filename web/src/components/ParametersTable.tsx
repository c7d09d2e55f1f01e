// The parameters of a tool or skill as a read-only table: name, type, required, default (where
// they can have one), description; a sensitive one (never stored in the audit log) says so.
import { emptyCell, Table } from "./Table";

interface Shown {
  name: string;
  type: string;
  required: boolean;
  description?: string | undefined;
  default?: unknown;
  sensitive?: boolean | undefined;
}

export function ParametersTable({
  parameters,
  sigil = "$",
  defaults = true,
}: {
  parameters: Shown[];
  /** How the query or template names one. */
  sigil?: string;
  /** Whether they can have a default (a built-in tool's cannot). */
  defaults?: boolean;
}) {
  if (parameters.length === 0) return <p className="muted">No parameters.</p>;
  return (
    <Table
      variant="compact"
      caption="Parameters"
      rows={parameters}
      rowKey={(parameter) => parameter.name}
      columns={[
        {
          header: "Name",
          cell: (parameter) => (
            <>
              <code>{`${sigil}${parameter.name}`}</code>
              {parameter.sensitive && (
                <span className="muted" title="Its values are never stored in the audit log">
                  {" "}
                  (sensitive)
                </span>
              )}
            </>
          ),
        },
        { header: "Type", cell: (parameter) => parameter.type },
        { header: "Required", cell: (parameter) => (parameter.required ? "yes" : "no") },
        ...(defaults
          ? [
              {
                header: "Default",
                cell: (parameter: Shown) =>
                  parameter.default === undefined || parameter.default === null ? emptyCell : <code>{JSON.stringify(parameter.default)}</code>,
              },
            ]
          : []),
        { header: "Description", className: defaults ? "wide-only" : undefined, cell: (parameter) => parameter.description || emptyCell },
      ]}
    />
  );
}
