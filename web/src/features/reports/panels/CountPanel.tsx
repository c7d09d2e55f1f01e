// A count panel: one big number, the `total` of the first row; at or above the panel's
// `threshold` it is shown as a warning.
import type { PanelConfig, Row } from "../../../types";
import { column, formatNumber, label, numeric } from "./values";

export function CountPanel({ panel, rows }: { panel: PanelConfig; rows: Row[] }) {
  const raw = column(rows[0], "total");
  const value = numeric(raw);
  const over = value !== null && panel.threshold !== undefined && value >= panel.threshold;
  return (
    <p className={over ? "count-value over" : "count-value"} data-testid="count-value">
      {value === null ? label(raw) : formatNumber(value)}
      {over && <span className="visually-hidden"> (at or above the threshold of {panel.threshold})</span>}
    </p>
  );
}
