// A tool's usage on its page (for callers holding audit:read): its calls per hour over the last
// 24 hours, error rate, p50/p95 and who calls it most, from GET /audit/stats?target=<mcp name>.
import { Link } from "wouter";
import { Panel } from "../../components/Panel";
import { Empty, Loaded } from "../../components/States";
import { useResource } from "../../hooks";
import { Bars } from "../reports/panels/BarChart";
import { Figures } from "./Figures";
import { HourChart } from "./HourChart";
import { activityHref } from "./paths";
import { statsQuery, topCallers } from "./stats";
import type { AuditStats } from "./types";
import "./audit.css";

export function ToolUsage({ target }: { target: string }) {
  const stats = useResource<AuditStats>(statsQuery(24, { target }));
  return (
    <Panel
      id="usage-heading"
      title="Usage in the last 24 hours"
      actions={
        <Link href={activityHref({ target })} className="button small">
          Activity
        </Link>
      }
    >
      <Loaded resource={stats} loading="Loading usage…">
        {(data) =>
          data.totals.calls === 0 ? (
            <Empty title="No calls in the last 24 hours." />
          ) : (
            <div className="usage" data-testid="tool-usage">
              <Figures totals={data.totals} />
              <div className="usage-grid">
                <div>
                  <h3 className="field-label">Calls per hour</h3>
                  <HourChart caption="Calls per hour" hours={data.per_hour} />
                </div>
                <div>
                  <h3 className="field-label">Top callers</h3>
                  <Bars caption="Top callers" data={topCallers(data, 5)} />
                </div>
              </div>
            </div>
          )
        }
      </Loaded>
    </Panel>
  );
}
