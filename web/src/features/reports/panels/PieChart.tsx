// A pie panel as plain SVG: a donut of the `{id, value}` rows and a legend with each share;
// pie_settings.legend places the legend beside ("column") or below ("row") the donut, or hides it (false).
import type { PanelConfig, Row } from "../../../types";
import { describeSeries } from "./chart-text";
import { colour, formatNumber, series } from "./values";

const RADIUS = 90;
const HOLE = 50;

/** The SVG path of the ring segment between two angles (radians, clockwise from the top). */
function segment(start: number, end: number): string {
  // A whole ring cannot be one arc: its ends meet, so it is drawn as two halves.
  if (end - start >= Math.PI * 2 - 1e-9) return `${segment(start, start + Math.PI)} ${segment(start + Math.PI, end)}`;
  const point = (radius: number, angle: number) => `${100 + radius * Math.sin(angle)} ${100 - radius * Math.cos(angle)}`;
  const large = end - start > Math.PI ? 1 : 0;
  return `M ${point(RADIUS, start)} A ${RADIUS} ${RADIUS} 0 ${large} 1 ${point(RADIUS, end)} L ${point(HOLE, end)} A ${HOLE} ${HOLE} 0 ${large} 0 ${point(HOLE, start)} Z`;
}

export function PieChart({ panel, rows }: { panel: PanelConfig; rows: Row[] }) {
  const data = series(rows).filter((datum) => datum.value > 0);
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const legend = panel.pie_settings?.legend;
  let angle = 0;
  const slices = data.map((datum, index) => {
    const start = angle;
    angle += (datum.value / total) * Math.PI * 2;
    return { ...datum, index, path: segment(start, angle), share: `${formatNumber((datum.value / total) * 100)}%` };
  });
  return (
    <div className={legend === "row" ? "pie legend-below" : "pie"}>
      <svg className="chart pie-chart" viewBox="0 0 200 200" role="img" aria-label={describeSeries(panel.caption ?? "Pie chart", data)}>
        {slices.map((slice) => (
          <path key={slice.id} d={slice.path} fill={colour(slice.index)} stroke="#fff" strokeWidth={1.5}>
            <title>{`${slice.id}: ${formatNumber(slice.value)} (${slice.share})`}</title>
          </path>
        ))}
        <text x={100} y={100} textAnchor="middle" dominantBaseline="central" className="pie-total">
          {formatNumber(total)}
        </text>
      </svg>
      {legend !== false && (
        <ul className="legend" aria-label={`Legend of ${panel.caption ?? "the pie chart"}`}>
          {slices.map((slice) => (
            <li key={slice.id}>
              <span className="swatch" style={{ background: colour(slice.index) }} aria-hidden="true" /> {slice.id}{" "}
              <span className="muted">
                {formatNumber(slice.value)} ({slice.share})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
