// /usage: how the tools are used over a window (the last day, week or month, in the address):
// calls and errors per hour, the busiest and the slowest tools, the hours with errors, each
// linking to the Activity page filtered to it. Figures from GET /audit/stats.
import { Link, useLocation, useSearch } from "wouter";
import { Panel } from "../../components/Panel";
import { PageHeader } from "../../components/Page";
import { Empty, Loaded } from "../../components/States";
import { type Column, emptyCell, Table } from "../../components/Table";
import { useResource } from "../../hooks";
import { Bars } from "../reports/panels/BarChart";
import { formatNumber } from "../reports/panels/values";
import { Figures } from "./Figures";
import { HourChart, type Hour } from "./HourChart";
import { formatHour, formatMs, formatRate } from "./format";
import { activityHref, USAGE } from "./paths";
import { busiest, errorSpikes, slowest, statsQuery, WINDOWS, windowOf } from "./stats";
import type { AuditStats } from "./types";
import "./audit.css";

const HOUR = 3_600_000;

export default function UsagePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const chosen = windowOf(new URLSearchParams(search).get("window"));
  const stats = useResource<AuditStats>(statsQuery(chosen.hours));
  return (
    <>
      <PageHeader
        title="Usage"
        actions={
          <div className="field inline-field">
            <label htmlFor="usage-window">Window</label>
            <select id="usage-window" value={chosen.id} onChange={(event) => navigate(`${USAGE}?window=${event.target.value}`, { replace: true })}>
              {WINDOWS.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.label}
                </option>
              ))}
            </select>
          </div>
        }
      >
        <p className="lede">Which tools are called most, which are slow, and when calls failed. Every figure counts the calls the audit log recorded.</p>
      </PageHeader>
      <Loaded resource={stats} loading="Loading usage…">
        {(data) =>
          data.totals.calls === 0 ? (
            <Empty title="No calls in this window.">
              <p>Calls of tools, prompts, graph and report queries show here once they are recorded.</p>
            </Empty>
          ) : (
            <Usage stats={data} />
          )
        }
      </Loaded>
    </>
  );
}

function Usage({ stats }: { stats: AuditStats }) {
  const spikes = errorSpikes(stats);
  return (
    <div className="usage">
      <Figures totals={stats.totals} />
      <Panel title="Calls per hour">
        <HourChart caption="Calls per hour" hours={stats.per_hour} />
      </Panel>
      <div className="usage-grid">
        <Panel title="Busiest tools">
          <Bars caption="Busiest tools (calls)" data={busiest(stats)} />
        </Panel>
        <Panel title="Slowest tools">
          <Bars caption="Slowest tools (p95 ms)" data={slowest(stats)} unit=" ms" />
        </Panel>
      </div>
      <Panel title="Error spikes">
        {spikes.length === 0 ? (
          <Empty title="No errors in this window." />
        ) : (
          <Table caption="Hours with errors" columns={SPIKE_COLUMNS} rows={spikes} rowKey={(hour) => hour.hour} />
        )}
      </Panel>
      <Panel title="Every tool">
        <Table caption="Calls per tool" columns={TARGET_COLUMNS} rows={stats.by_target} rowKey={(row) => `${row.kind} ${row.target}`} />
      </Panel>
    </div>
  );
}

const SPIKE_COLUMNS: Column<Hour>[] = [
  {
    header: "Hour",
    rowHeader: true,
    cell: (hour) => (
      <Link href={activityHref({ since: hour.hour, until: new Date(new Date(hour.hour).getTime() + HOUR).toISOString() })}>{formatHour(hour.hour)}</Link>
    ),
  },
  { header: "Errors", className: "numeric", cell: (hour) => formatNumber(hour.errors) },
  { header: "Calls", className: "numeric", cell: (hour) => formatNumber(hour.calls) },
  { header: "Error rate", className: "numeric", cell: (hour) => formatRate(hour.calls ? hour.errors / hour.calls : 0) },
];

const TARGET_COLUMNS: Column<AuditStats["by_target"][number]>[] = [
  {
    header: "Tool or route",
    rowHeader: true,
    cell: (row) =>
      row.target === null ? (
        emptyCell
      ) : (
        <Link href={activityHref({ target: row.target })}>
          <code>{row.target}</code>
        </Link>
      ),
  },
  { header: "Calls", className: "numeric", cell: (row) => formatNumber(row.calls) },
  { header: "Error rate", className: "numeric", cell: (row) => formatRate(row.error_rate) },
  { header: "p50", className: "numeric", cell: (row) => formatMs(row.p50_ms) },
  { header: "p95", className: "numeric", cell: (row) => formatMs(row.p95_ms) },
];
