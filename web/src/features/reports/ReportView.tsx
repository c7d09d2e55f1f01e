// A report version as its viewer shows it: the inputs, then each row with its panels on the
// 12-column grid. The rows are named sections; a collapsible row can be folded away.
import { useState } from "react";
import { Empty } from "../../components/States";
import type { ReportRow, ReportVersion } from "../../types";
import { initialInputs, ReportInputs } from "./Inputs";
import { Panel } from "./Panel";
import { type InputValues, panelDetailsPath, panelQueryPath } from "./query";

/** `preview`: the report is an unsaved draft, drawn without running its queries. */
export function ReportView({ report, preview = false }: { report: ReportVersion; preview?: boolean }) {
  const [inputs, setInputs] = useState<InputValues>(() => initialInputs(report.config.inputs));
  const rows = report.config.rows;
  return (
    <div className="report" data-testid="report">
      <ReportInputs report={report} values={inputs} onChange={setInputs} />
      {rows.length === 0 ? (
        <Empty title="This report has no panels yet">
          <p>Edit the report to add rows and panels.</p>
        </Empty>
      ) : (
        rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's place in the config is its identity (its query paths say rows.N)
          <ReportRowView key={index} row={row} index={index} report={report} inputs={inputs} preview={preview} />
        ))
      )}
    </div>
  );
}

function ReportRowView({
  row,
  index,
  report,
  inputs,
  preview,
}: {
  row: ReportRow;
  index: number;
  report: ReportVersion;
  inputs: InputValues;
  preview: boolean;
}) {
  const grid = (
    <div className="report-grid">
      {row.panels.map((panel, p) => (
        // A panel's identity is its place in the config, which its query path names.
        <Panel
          key={panelQueryPath(index, p)}
          panel={panel}
          capability={report.query_capabilities?.[panelQueryPath(index, p)]}
          detailsCapability={report.query_capabilities?.[panelDetailsPath(index, p)]}
          inputs={inputs}
          preview={preview}
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
