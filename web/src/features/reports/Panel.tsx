// One panel of a report on its grid: its caption, then its query's state (loading, error with
// Try again, empty, or the panel drawn from the rows). Markdown panels run no query.
import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from "react";
import { ResultTable } from "../../components/ResultTable";
import { ErrorState, Loading } from "../../components/States";
import type { PanelConfig, PanelType, Row } from "../../types";
import { BarChart } from "./panels/BarChart";
import { CountPanel } from "./panels/CountPanel";
import { Markdown } from "./panels/markdown";
import { PieChart } from "./panels/PieChart";
import { ProgressPanel } from "./panels/ProgressPanel";
import { VerticalTablePanel } from "./panels/VerticalTablePanel";
import { type InputValues, panelParams, type RunQuery, useReportQuery } from "./query";

// d3-force is only fetched for reports that draw a graph.
const GraphPanel = lazy(() => import("./panels/GraphPanel"));

type Draw = (props: { panel: PanelConfig; rows: Row[] }) => ReactNode;

const DRAW: Record<Exclude<PanelType, "markdown">, Draw> = {
  table: ({ panel, rows }) => <ResultTable rows={rows} caption={panel.caption ?? "Result"} />,
  "vertical-table": VerticalTablePanel,
  count: CountPanel,
  progress: ProgressPanel,
  bar: BarChart,
  pie: PieChart,
  graph: (props) => (
    <Suspense fallback={<Loading label="Loading the graph…" />}>
      <GraphPanel {...props} />
    </Suspense>
  ),
};

/** Where the panel sits on the row's 12-column grid; without x/y it flows after the previous one. */
function placement(panel: PanelConfig): CSSProperties {
  const w = panel.w ?? 12;
  const h = panel.h ?? panel.min_h ?? 2;
  return {
    gridColumn: panel.x === undefined ? `span ${w}` : `${panel.x + 1} / span ${w}`,
    gridRow: panel.auto_height ? undefined : panel.y === undefined ? `span ${h}` : `${panel.y + 1} / span ${h}`,
  };
}

export interface PanelProps {
  panel: PanelConfig;
  /** Runs the report's queries; null draws the panel without data (a draft's preview that may not run them). */
  run: RunQuery | null;
  /** The path of the panel's query in the config. */
  path: string;
  /** The path of the panel's details_cypher. */
  detailsPath: string;
  inputs: InputValues;
}

export function Panel({ panel, run, path, detailsPath, inputs }: PanelProps) {
  const title = panel.caption ?? "";
  return (
    <section className={`report-panel panel-${panel.type}`} style={placement(panel)} aria-label={title || `${panel.type} panel`} data-panel-type={panel.type}>
      {title && !panel.hide_caption && <h3 className="report-panel-title">{title}</h3>}
      <div className="report-panel-body">
        {panel.type === "markdown" ? (
          <div data-state="done">
            <Markdown source={panel.markdown ?? ""} />
          </div>
        ) : !run ? (
          <p className="state empty" data-state="preview">
            A {panel.type} panel, drawn without data.
          </p>
        ) : (
          <QueryPanel panel={panel} run={run} path={path} inputs={inputs} draw={DRAW[panel.type]} />
        )}
        {panel.details_cypher !== undefined && run && <Details panel={panel} run={run} path={detailsPath} inputs={inputs} />}
      </div>
    </section>
  );
}

interface QueryPanelProps {
  panel: PanelConfig;
  run: RunQuery;
  path: string;
  inputs: InputValues;
}

function QueryPanel({ panel, run, path, inputs, draw: DrawPanel }: QueryPanelProps & { draw: Draw }) {
  // Changing the attempt re-runs the same query (Try again).
  const [attempt, setAttempt] = useState(0);
  const state = useReportQuery(run, path, panelParams(panel, inputs), attempt);
  if (state.status === "loading" || state.status === "idle")
    return (
      <div data-state="loading">
        <Loading label="Running the query…" />
      </div>
    );
  if (state.status === "error")
    return (
      <div data-state="error">
        <ErrorState error={state.error} onRetry={() => setAttempt(attempt + 1)} />
      </div>
    );
  if (state.rows.length === 0)
    return (
      <p className="state empty" data-state="empty">
        {state.note ?? "No results."}
      </p>
    );
  return (
    <div data-state="done">
      <DrawPanel panel={panel} rows={state.rows} />
      {state.note && <p className="muted small">{state.note}</p>}
    </div>
  );
}

/** The rows behind a panel (its details_cypher), fetched when first asked for. */
function Details({ panel, run, path, inputs }: QueryPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="panel-details">
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "Hide details" : "Show details"}
      </button>
      {open && (
        <QueryPanel panel={{ ...panel, caption: `Details of ${panel.caption ?? "the panel"}` }} run={run} path={path} inputs={inputs} draw={DRAW.table} />
      )}
    </div>
  );
}
