// A bar panel as plain SVG: a horizontal bar per `{id, value}` row, longest first as the query
// orders them, so labels of any length stay readable. `Bars` draws any named series (the usage
// pages' busiest tools and top callers).
import type { PanelConfig, Row } from "../../../types";
import { clip, describeSeries } from "./chart-text";
import { colour, type Datum, formatNumber, series } from "./values";

const WIDTH = 480;
const LABEL = 130;
const VALUE = 60;
const BAR = 22;
const GAP = 8;

export function BarChart({ panel, rows }: { panel: PanelConfig; rows: Row[] }) {
  return <Bars caption={panel.caption ?? "Bar chart"} data={series(rows)} />;
}

export function Bars({ caption, data, unit = "" }: { caption: string; data: Datum[]; unit?: string }) {
  const max = Math.max(0, ...data.map((datum) => datum.value));
  const height = data.length * (BAR + GAP) + GAP;
  const span = WIDTH - LABEL - VALUE;
  const scale = (value: number) => (max > 0 ? (Math.max(0, value) / max) * span : 0);
  return (
    <svg className="chart bar-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={describeSeries(caption, data)}>
      {data.map((datum, index) => {
        const y = GAP + index * (BAR + GAP);
        return (
          <g key={datum.id} className="bar">
            <title>{`${datum.id}: ${formatNumber(datum.value)}${unit}`}</title>
            <text x={LABEL - 8} y={y + BAR / 2} textAnchor="end" dominantBaseline="central" className="chart-label">
              {clip(datum.id, 18)}
            </text>
            <rect x={LABEL} y={y} width={Math.max(1, scale(datum.value))} height={BAR} rx={3} fill={colour(index)} />
            <text x={LABEL + scale(datum.value) + 6} y={y + BAR / 2} dominantBaseline="central" className="chart-value">
              {formatNumber(datum.value)}
              {unit}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
