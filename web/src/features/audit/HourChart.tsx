// Calls per hour as plain SVG, in the style of the report panels' charts: a column per hour,
// its part that failed drawn in red over it, the first and last hours named under the axis.
// Assistive technology reads every hour in the chart's label.
import { colour, formatNumber } from "../reports/panels/values";
import { formatHour } from "./format";

const WIDTH = 640;
const HEIGHT = 180;
const AXIS = 22;
const TOP = 16;
const ERROR_COLOUR = "#c92a2a";

export interface Hour {
  hour: string;
  calls: number;
  errors: number;
}

export function HourChart({ caption, hours }: { caption: string; hours: Hour[] }) {
  const max = Math.max(1, ...hours.map((each) => each.calls));
  const step = WIDTH / Math.max(1, hours.length);
  const width = Math.max(1, step * 0.8);
  const span = HEIGHT - AXIS - TOP;
  const tall = (value: number) => (value / max) * span;
  const description = `${caption}: ${hours.map((each) => `${formatHour(each.hour)} ${formatNumber(each.calls)} calls, ${formatNumber(each.errors)} errors`).join("; ")}`;
  return (
    <svg className="chart hour-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description}>
      <text x={0} y={TOP - 4} className="chart-value">
        {formatNumber(max)} calls
      </text>
      <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="chart-axis" />
      {hours.map((each, index) => {
        const x = index * step + (step - width) / 2;
        const base = HEIGHT - AXIS;
        return (
          <g key={each.hour}>
            <title>{`${formatHour(each.hour)}: ${formatNumber(each.calls)} calls, ${formatNumber(each.errors)} errors`}</title>
            <rect x={x} y={base - tall(each.calls)} width={width} height={tall(each.calls)} fill={colour(0)} />
            {each.errors > 0 && <rect x={x} y={base - tall(each.errors)} width={width} height={Math.max(1, tall(each.errors))} fill={ERROR_COLOUR} />}
          </g>
        );
      })}
      {hours.length > 0 && (
        <>
          <text x={0} y={HEIGHT - 6} className="chart-label">
            {formatHour(hours[0]!.hour)}
          </text>
          <text x={WIDTH} y={HEIGHT - 6} textAnchor="end" className="chart-label">
            {formatHour(hours[hours.length - 1]!.hour)}
          </text>
        </>
      )}
    </svg>
  );
}
