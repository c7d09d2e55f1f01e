// /workflows/:workflowId/runs/:runId: one run — its trigger, status, times and error — and what
// each activity did: its stage, output, type, status, times, rows in and out, its result's
// summary and error, and the entries a log activity wrote as a small table. Refreshed every 2 s
// until the run finishes. Run now links here before the scheduler has claimed the request: while
// the workflow's request is pending, the run's 404 means "not started yet" and the page waits.
import { Link, useParams } from "wouter";
import { ApiError } from "../../api";
import { Panel } from "../../components/Panel";
import { Time } from "../../components/JsonDiff";
import { PageHeader } from "../../components/Page";
import { RecordsTable } from "../../components/ResultTable";
import { Empty, Loaded } from "../../components/States";
import { type Column, Table } from "../../components/Table";
import { useResource } from "../../hooks";
import type { ActivityRun, WorkflowItem, WorkflowRun } from "../../types";
import { runPagePath, runPath, WORKFLOWS, workflowPath } from "./paths";
import { usePolling } from "./polling";
import { RunStatusBadge } from "./RunStatus";
import { durationWords, RUN_TRIGGER_WORDS, unfinished } from "./wording";

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default function RunPage() {
  const params = useParams<{ workflowId: string; runId: string }>();
  // The router leaves path segments encoded; a run id may hold ':' (…:manual:<time>).
  const workflowId = decoded(params.workflowId);
  const runId = decoded(params.runId);
  const workflow = useResource<WorkflowItem>(workflowPath(workflowId));
  const item = workflow.data;
  const run = useResource<WorkflowRun>(item ? runPath(item, runId) : null);
  const waiting = item !== undefined && run.error instanceof ApiError && run.error.status === 404 && requestPending(item);
  usePolling(waiting || (run.data !== undefined && unfinished(run.data)), async () => {
    if (waiting) await workflow.reload();
    await run.reload();
  });
  const name = item?.name ?? workflowId;
  const crumbs = [
    { label: "Workflows", href: WORKFLOWS },
    { label: name, href: workflowPath(workflowId) },
  ];
  return (
    <>
      <PageHeader title={`Run ${runId}`} crumbs={crumbs}>
        {run.data && (
          <p className="meta">
            <RunStatusBadge status={run.data.status} /> <span className="muted">of version {run.data.workflow_version}</span>
          </p>
        )}
      </PageHeader>
      {waiting ? (
        <p className="notice" role="status">
          <span className="spinner" aria-hidden="true" /> Run requested: the scheduler starts it within a minute. This page shows it once it has.
        </p>
      ) : (
        <Loaded resource={run} needs={[workflow]} loading="Loading the run…">
          {(data) => <RunDetail workflowId={workflowId} run={data} />}
        </Loaded>
      )}
    </>
  );
}

/** A Run now request the scheduler has not claimed yet (a claim stamps last_scheduled_at after it). */
const requestPending = ({ run_requested_at: requested, last_scheduled_at: last }: Pick<WorkflowItem, "run_requested_at" | "last_scheduled_at">) =>
  requested !== null && (last === null || requested > last);

function RunDetail({ workflowId, run }: { workflowId: string; run: WorkflowRun }) {
  return (
    <>
      <Panel id="run-heading" title="Run">
        <dl className="details" data-testid="run-summary">
          <dt>Status</dt>
          <dd>
            <RunStatusBadge status={run.status} />
            {unfinished(run) && (
              <span className="muted small" role="status">
                <span className="spinner" aria-hidden="true" /> Refreshing until it finishes…
              </span>
            )}
          </dd>
          <dt>Trigger</dt>
          <dd>
            {RUN_TRIGGER_WORDS[run.trigger] ?? run.trigger}
            {run.triggered_by_run_id && (
              <span className="muted">
                (run <code>{run.triggered_by_run_id}</code>)
              </span>
            )}
          </dd>
          <dt>Scheduled for</dt>
          <dd>
            <Time iso={run.scheduled_for} />
          </dd>
          <dt>Started</dt>
          <dd>{run.started_at ? <Time iso={run.started_at} /> : <span className="muted">Not yet</span>}</dd>
          <dt>Finished</dt>
          <dd>{run.finished_at ? <Time iso={run.finished_at} /> : <span className="muted">Not yet</span>}</dd>
          <dt>Duration</dt>
          <dd>{durationWords(run.started_at, run.finished_at) ?? <span className="muted">—</span>}</dd>
          {run.error && (
            <>
              <dt>Error</dt>
              <dd className="error-text" data-testid="run-error">
                {run.error}
              </dd>
            </>
          )}
        </dl>
        {run.triggered_by_run_id && (
          <p className="muted small">
            Started after a run of another workflow succeeded. <Link href={runPagePath(workflowId, run.triggered_by_run_id)}>That run</Link> may belong to
            another workflow.
          </p>
        )}
      </Panel>
      <Panel id="activities-heading" title="Activities">
        {run.activities.length === 0 ? (
          <Empty title={unfinished(run) ? "No activity has finished yet." : "No activity ran."} />
        ) : (
          <Table
            aria-label="Activities of the run"
            rows={run.activities}
            rowKey={(activity) => `${activity.stage}:${activity.output}`}
            rowProps={(activity) => ({ "data-output": activity.output })}
            columns={ACTIVITY_COLUMNS}
          />
        )}
        {run.activities.map((activity) => {
          const entries = activity.result.entries;
          if (!Array.isArray(entries)) return null;
          return (
            <section key={`${activity.stage}:${activity.output}`} className="log-entries" aria-label={`Log entries of ${activity.output}`}>
              <h3 className="section-title">
                Log entries of <code>{activity.output}</code>
              </h3>
              <Entries output={activity.output} entries={entries} />
            </section>
          );
        })}
      </Panel>
    </>
  );
}

const count = (value: number | null) => (value === null ? <span className="muted">—</span> : value);

const ACTIVITY_COLUMNS: Column<ActivityRun>[] = [
  { header: "Stage", className: "numeric", cell: (activity) => activity.stage },
  { header: "Output", cell: (activity) => <code>{activity.output}</code> },
  { header: "Type", cell: (activity) => activity.type },
  { header: "Status", cell: (activity) => <RunStatusBadge status={activity.status} /> },
  { header: "Started", className: "wide-only", cell: (activity) => <Time iso={activity.started_at} /> },
  { header: "Duration", className: "numeric", cell: (activity) => durationWords(activity.started_at, activity.finished_at) ?? "—" },
  { header: "Rows in", className: "numeric", cell: (activity) => count(activity.rows_in) },
  { header: "Rows out", className: "numeric", cell: (activity) => count(activity.rows_out) },
  { header: "Result", cellClassName: "result-cell", cell: (activity) => <ActivityResult activity={activity} /> },
];

function ActivityResult({ activity }: { activity: ActivityRun }) {
  const { entries, ...summary } = activity.result;
  const rows = Array.isArray(entries) ? entries : null;
  return (
    <>
      {activity.error && <p className="error-text">{activity.error}</p>}
      {Object.keys(summary).length > 0 && (
        <dl className="result-summary-list">
          {Object.entries(summary).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {rows && <p className="muted small">{rows.length === 1 ? "1 log entry" : `${rows.length} log entries`}, below</p>}
    </>
  );
}

/** A log activity's entries: a row each, a column per key any of them has. */
function Entries({ output, entries }: { output: string; entries: unknown[] }) {
  if (entries.length === 0) return <p className="muted small">No log entries.</p>;
  const records = entries.map((entry) =>
    entry !== null && typeof entry === "object" && !Array.isArray(entry) ? (entry as Record<string, unknown>) : { value: entry },
  );
  return <RecordsTable rows={records} variant="entries" aria-label={`Log entries of ${output}`} />;
}
