// The parameters of a tool or skill as a read-only table: name, type, required, default, description.
import type { Parameter } from "../types";
import { emptyCell, Table } from "./Table";

export function ParametersTable({ parameters, sigil = "$" }: { parameters: Parameter[] /** How the query or template names one. */; sigil?: string }) {
  if (parameters.length === 0) return <p className="muted">No parameters.</p>;
  return (
    <Table
      variant="compact"
      caption="Parameters"
      rows={parameters}
      rowKey={(parameter) => parameter.name}
      columns={[
        { header: "Name", cell: (parameter) => <code>{`${sigil}${parameter.name}`}</code> },
        { header: "Type", cell: (parameter) => parameter.type },
        { header: "Required", cell: (parameter) => (parameter.required ? "yes" : "no") },
        {
          header: "Default",
          cell: (parameter) => (parameter.default === undefined || parameter.default === null ? emptyCell : <code>{JSON.stringify(parameter.default)}</code>),
        },
        { header: "Description", className: "wide-only", cell: (parameter) => parameter.description || emptyCell },
      ]}
    />
  );
}
