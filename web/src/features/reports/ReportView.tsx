// A report version as its viewer shows it: the inputs, then each row with its panels on the
// 12-column grid. The rows are named sections; a collapsible row can be folded away.
import { useMemo, useState } from "react";
import { Empty } from "../../components/States";
import type { ReportRow, ReportVersion } from "../../types";
import { initialInputs, ReportInputs } from "./Inputs";
import { Panel } from "./Panel";
import { capabilityRunner, type InputValues, panelDetailsPath, panelQueryPath, type RunQuery } from "./query";

/**
 * `run` runs the queries: by default through the version's signed capabilities; a draft's
 * preview gives its own, or null to draw the panels without data.
 */
export function ReportView({ report, run }: { report: ReportVersion; run?: RunQuery | null }) {
  const [inputs, setInputs] = useState<InputValues>(() => initialInputs(report.config.inputs));
  const signed = useMemo(() => capabilityRunner(report.query_capabilities), [report.query_capabilities]);
  const runner = run === undefined ? signed : run;
  const rows = report.config.rows;
  return (
    <div className="report" data-testid="report">
      <ReportInputs report={report} run={runner} values={inputs} onChange={setInputs} />
      {rows.length === 0 ? (
        <Empty title="This report has no panels yet">
          <p>Edit the report to add rows and panels.</p>
        </Empty>
      ) : (
        rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's place in the config is its identity (its query paths say rows.N)
          <ReportRowView key={index} row={row} index={index} run={runner} inputs={inputs} />
        ))
      )}
    </div>
  );
}

function ReportRowView({ row, index, run, inputs }: { row: ReportRow; index: number; run: RunQuery | null; inputs: InputValues }) {
  const grid = (
    <div className="report-grid">
      {row.panels.map((panel, p) => (
        // A panel's identity is its place in the config, which its query path names.
        <Panel
          key={panelQueryPath(index, p)}
          panel={panel}
          run={run}
          path={panelQueryPath(index, p)}
          detailsPath={panelDetailsPath(index, p)}
          inputs={inputs}
        />
      ))}
    </div>
  );
  if (row.collapsible)
    return (
      <details className="report-row" open>
        <summary className="report-row-title">{row.name}</summary>
        {grid}
      </details>
    );
  return (
    <section className="report-row" aria-label={row.name}>
      {!row.hide_header && <h2 className="report-row-title">{row.name}</h2>}
      {grid}
    </section>
  );
}
