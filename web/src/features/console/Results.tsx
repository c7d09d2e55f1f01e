// What a run answered: its rows as a table or as a graph (the reports' graph panel, loaded when
// first shown), with the bound's warning when the rows were cut; or why the run was refused.
import { lazy, Suspense, useId, useState } from "react";
import { ResultTable } from "../../components/ResultTable";
import { Loading } from "../../components/States";
import type { PanelConfig, Row } from "../../types";

const GraphPanel = lazy(() => import("../reports/panels/GraphPanel"));

/** The graph panel's settings: nodes named and coloured as a report's graph panel does by default. */
const GRAPH: PanelConfig = { type: "graph", params: [], caption: "Query results" };

export type Outcome = { kind: "rows"; rows: Row[]; warnings: string[]; ms: number } | { kind: "error"; message: string };

type View = "table" | "graph";

const plural = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? "" : "s"}`;

export function Results({ outcome }: { outcome: Outcome }) {
  const [view, setView] = useState<View>("table");
  const headingId = useId();
  if (outcome.kind === "error")
    return (
      <section className="panel console-results" aria-labelledby={headingId}>
        <h2 id={headingId}>Results</h2>
        <div className="result-error" role="alert">
          <strong>The query did not run.</strong> {outcome.message}
        </div>
      </section>
    );
  const { rows, warnings, ms } = outcome;
  return (
    <section className="panel console-results" aria-labelledby={headingId}>
      <div className="panel-header">
        <h2 id={headingId}>Results</h2>
        <fieldset className="console-views">
          <legend className="visually-hidden">Show the results as</legend>
          {(["table", "graph"] as const).map((name) => (
            <button key={name} type="button" className="button small" aria-pressed={view === name} onClick={() => setView(name)}>
              {name === "table" ? "Table" : "Graph"}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="result-summary" role="status">
        {plural(rows.length, "row")} in {ms} ms
      </p>
      {warnings.map((warning) => (
        <p key={warning} className="notice warn">
          {warning}
        </p>
      ))}
      {rows.length === 0 ? (
        <p className="notice">The query returned no rows.</p>
      ) : view === "table" ? (
        <ResultTable rows={rows} caption="Query results" />
      ) : (
        <Suspense fallback={<Loading label="Loading the graph…" />}>
          <GraphPanel panel={GRAPH} rows={rows} />
        </Suspense>
      )}
    </section>
  );
}
