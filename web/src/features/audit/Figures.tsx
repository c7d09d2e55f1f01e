// The headline figures of a usage window: calls, error rate, median and 95th-percentile duration.
import { formatNumber } from "../reports/panels/values";
import { formatMs, formatRate } from "./format";
import type { AuditStats } from "./types";

export function Figures({ totals }: { totals: AuditStats["totals"] }) {
  const figures = [
    ["Calls", formatNumber(totals.calls)],
    ["Error rate", `${formatRate(totals.error_rate)} (${formatNumber(totals.errors)})`],
    ["p50", formatMs(totals.p50_ms)],
    ["p95", formatMs(totals.p95_ms)],
  ] as const;
  return (
    <dl className="usage-figures">
      {figures.map(([name, value]) => (
        <div key={name} data-figure={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
