// A progress panel: numerator over denominator of the first row as a bar, coloured by the
// highest of the panel's `thresholds` the fraction reaches.
import type { PanelConfig, Row } from "../../../types";
import { column, formatNumber, numeric } from "./values";

function thresholdColour(panel: PanelConfig, fraction: number): string {
  const reached = (panel.thresholds ?? []).filter((threshold) => fraction >= threshold.value).sort((a, b) => b.value - a.value);
  return reached[0]?.color ?? "var(--accent)";
}

export function ProgressPanel({ panel, rows }: { panel: PanelConfig; rows: Row[] }) {
  const numerator = numeric(column(rows[0], "numerator", 0)) ?? 0;
  const denominator = numeric(column(rows[0], "denominator", 1)) ?? 0;
  const fraction = denominator > 0 ? Math.min(1, Math.max(0, numerator / denominator)) : 0;
  const percent = `${formatNumber(fraction * 100)}%`;
  const text = `${formatNumber(numerator)} of ${formatNumber(denominator)} (${percent})`;
  return (
    <div className="progress-panel">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={panel.caption ?? "Progress"}
        aria-valuemin={0}
        aria-valuemax={denominator}
        aria-valuenow={numerator}
        aria-valuetext={text}
      >
        <div className="progress-fill" style={{ width: `${fraction * 100}%`, background: thresholdColour(panel, fraction) }} />
      </div>
      {panel.progress_settings?.show_label !== false && <p className="progress-label">{text}</p>}
    </div>
  );
}
