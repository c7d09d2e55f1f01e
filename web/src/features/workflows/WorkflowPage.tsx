// /workflows/:workflowId: a workflow (or scheduled query) — its definition in summary, Run now,
// its runs newest first (refreshed every 2 s while one is queued or running, or a requested one
// has not appeared yet), and its version history with Restore.
import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { Panel } from "../../components/Panel";
import { Time } from "../../components/JsonDiff";
import { PageHeader } from "../../components/Page";
import { Badge, Empty, EnabledBadge, ErrorState, Loaded, Loading } from "../../components/States";
import { emptyCell, Table } from "../../components/Table";
import { useResource } from "../../hooks";
import { History } from "../../kit/History";
import { useSession } from "../../session";
import type { ScheduledQueryItem, WorkflowItem, WorkflowList, WorkflowRun, WorkflowRunList } from "../../types";
import { workflowRights } from "../permissions";
import { definitionPath, editPagePath, runPagePath, runsPath, WORKFLOWS, workflowPath } from "./paths";
import { usePolling } from "./polling";
import { useRunNow } from "./RunNow";
import { KindBadge, RunStatusBadge } from "./RunStatus";
import { restoreByResaving, scheduledQueryVersions, workflowVersions } from "./versions";
import { durationWords, RUN_TRIGGER_WORDS, triggerWords, unfinished } from "./wording";
import { useWorkflowMenu } from "./WorkflowMenu";
import { LastRun } from "./WorkflowsPage";
import "./workflows.css";

/** How long a requested run is waited for before the page stops refreshing for it. */
const REQUEST_PATIENCE_MS = 3 * 60_000;

export default function WorkflowPage() {
  const { workflowId } = useParams<{ workflowId: string }>();
  const [, navigate] = useLocation();
  const session = useSession();
  const rights = workflowRights(session);
  const workflow = useResource<WorkflowItem>(workflowPath(workflowId));
  const item = workflow.data;
  const runs = useResource<WorkflowRunList>(item ? runsPath(item) : null);
  const runNow = useRunNow(() => void runs.reload());
  const { requested } = runNow;
  const actions = useWorkflowMenu(() => navigate(WORKFLOWS));
  const crumbs = [{ label: "Workflows", href: WORKFLOWS }];

  const list = runs.data?.runs ?? [];
  const waiting =
    requested !== null &&
    Date.now() - new Date(requested.requestedAt).getTime() < REQUEST_PATIENCE_MS &&
    !list.some((run) => (requested.runId ? run.run_id === requested.runId : run.created_at >= requested.requestedAt));
  const active = list.some(unfinished) || waiting;
  usePolling(active, runs.reload);
  // Once the runs settle, the workflow's last run and next due time have changed too.
  const [wasActive, setWasActive] = useState(false);
  useEffect(() => {
    if (wasActive && !active) void workflow.reload();
    setWasActive(active);
  }, [active, wasActive, workflow.reload]);

  if (workflow.error)
    return (
      <>
        <PageHeader title="Workflow" crumbs={crumbs} />
        <ErrorState error={workflow.error} onRetry={() => void workflow.reload()} />
      </>
    );
  if (!item)
    return (
      <>
        <PageHeader title="Workflow" crumbs={crumbs} />
        <Loading label="Loading the workflow…" />
      </>
    );
  const scheduledQuery = item.kind === "scheduled_query";
  return (
    <>
      <PageHeader
        title={item.name}
        crumbs={crumbs}
        actions={
          <>
            {runNow.button(item)}
            {rights.write.ok && (
              <Link className="button primary" href={editPagePath(item)}>
                Edit
              </Link>
            )}
            {actions.menu(item, { open: false })}
          </>
        }
      >
        <p className="meta">
          <KindBadge kind={item.kind} /> <EnabledBadge enabled={item.enabled} /> <span className="muted">Version {item.current_version}</span>
        </p>
        {scheduledQuery && (
          <p className="notice">A scheduled query (deprecated): one query, then its actions, shown here as stages. It is changed in its own editor.</p>
        )}
      </PageHeader>
      {runNow.notice}
      <Summary item={item} />
      <Stages item={item} />
      <RunsSection item={item} runs={runs} active={active} />
      <Panel id="versions-heading" title="Versions">
        <History
          noun={scheduledQuery ? "scheduled query" : "workflow"}
          path={definitionPath(item)}
          canRestore={rights.write.ok}
          restoreBlockedReason={rights.write.reason}
          versionsOf={scheduledQuery ? scheduledQueryVersions : workflowVersions}
          restore={async (path, version, current) => {
            const restored = await restoreByResaving(path, version, current);
            void workflow.reload();
            return restored;
          }}
        />
      </Panel>
      {actions.dialog}
    </>
  );
}

function Summary({ item }: { item: WorkflowItem }) {
  // The workflows API shows a scheduled query's schedule but not its deprecated frequency.
  const query = useResource<ScheduledQueryItem>(item.kind === "scheduled_query" ? definitionPath(item) : null);
  const others = useResource<WorkflowList>(item.trigger_workflows.length > 0 ? WORKFLOWS : null);
  const nameOf = (id: string) => others.data?.workflows.find((other) => other.workflow_id === id)?.name;
  return (
    <Panel id="summary-heading" title="Definition">
      <dl className="details" data-testid="workflow-summary">
        <dt>Trigger</dt>
        <dd>
          {triggerWords({ ...item, frequency: query.data?.frequency ?? null })}
          {!item.enabled && (item.schedule || item.watch_scans.length > 0) && <span className="muted">(paused: disabled)</span>}
        </dd>
        {item.watch_scans.length > 0 && (
          <>
            <dt>Scans watched</dt>
            <dd>
              {item.watch_scans.map((scan, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
                <code key={index}>
                  {scan.grouptype} / {scan.syncedtype} / {scan.groupid}
                </code>
              ))}
            </dd>
          </>
        )}
        <dt>Next due</dt>
        <dd>{item.next_due_at ? <Time iso={item.next_due_at} /> : <span className="muted">Not scheduled</span>}</dd>
        <dt>Last run</dt>
        <dd>
          <LastRun item={item} />
        </dd>
        {item.last_errors.length > 0 && (
          <>
            <dt>Last errors</dt>
            <dd>
              <ul className="error-list">
                {item.last_errors.map((error) => (
                  <li key={error} className="error-text">
                    {error}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>Then starts</dt>
        <dd>
          {item.trigger_workflows.length === 0 ? (
            <span className="muted">No other workflow</span>
          ) : (
            item.trigger_workflows.map((id) => (
              <Link key={id} href={workflowPath(id)}>
                {nameOf(id) ?? id}
              </Link>
            ))
          )}
        </dd>
        <dt>Changed</dt>
        <dd>
          <Time iso={item.updated_at} /> by {item.updated_by}
        </dd>
      </dl>
    </Panel>
  );
}

const parameterText = (parameters: Record<string, unknown>) =>
  Object.entries(parameters)
    .map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("\n");

function Stages({ item }: { item: WorkflowItem }) {
  return (
    <Panel id="stages-heading" title="Stages">
      <ol className="stage-list">
        {item.stages.map((stage, s) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the workflow
          <li key={s}>
            <h3 className="stage-title">Stage {s + 1}</h3>
            <ul className="activity-list">
              {stage.activities.map((activity) => (
                <li key={activity.output} data-output={activity.output}>
                  <code>{activity.output}</code> <Badge>{activity.type}</Badge>
                  {activity.input && (
                    <span className="muted small">
                      {" "}
                      ← <code>{activity.input}</code>
                    </span>
                  )}
                  {Object.keys(activity.parameters).length > 0 && <pre className="parameters-text">{parameterText(activity.parameters)}</pre>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function RunsSection({ item, runs, active }: { item: WorkflowItem; runs: ReturnType<typeof useResource<WorkflowRunList>>; active: boolean }) {
  return (
    <Panel
      title="Runs"
      actions={
        active && (
          <span className="muted small" role="status">
            <span className="spinner" aria-hidden="true" /> Refreshing while runs are under way…
          </span>
        )
      }
    >
      <Loaded resource={runs} loading="Loading runs…">
        {(data) =>
          data.runs.length === 0 ? (
            <Empty title="No runs yet.">
              <p>Runs appear here once the trigger fires or Run now is used.</p>
            </Empty>
          ) : (
            <RunsTable item={item} runs={[...data.runs].sort((a, b) => b.created_at.localeCompare(a.created_at))} />
          )
        }
      </Loaded>
    </Panel>
  );
}

function RunsTable({ item, runs }: { item: WorkflowItem; runs: WorkflowRun[] }) {
  return (
    <Table
      aria-label="Runs, newest first"
      rows={runs}
      rowKey={(run) => run.run_id}
      rowProps={(run) => ({ "data-run-id": run.run_id })}
      columns={[
        {
          header: "Run",
          cellClassName: "run-id-cell",
          cell: (run) => (
            <>
              <Link href={runPagePath(item.workflow_id, run.run_id)} className="row-link">
                <code>{run.run_id}</code>
              </Link>
              {/* A phone shows the run and its status; its trigger, times and error go under the id. */}
              <div className="narrow-only muted small">
                {RUN_TRIGGER_WORDS[run.trigger] ?? run.trigger}, {run.started_at ? <Time iso={run.started_at} /> : "not started"}
                {durationWords(run.started_at, run.finished_at) && <>, {durationWords(run.started_at, run.finished_at)}</>}
                {run.error && <p className="error-text">{run.error}</p>}
              </div>
            </>
          ),
        },
        { header: "Trigger", className: "wide-only", cell: (run) => RUN_TRIGGER_WORDS[run.trigger] ?? run.trigger },
        { header: "Status", cell: (run) => <RunStatusBadge status={run.status} /> },
        { header: "Scheduled for", className: "wide-only", cell: (run) => <Time iso={run.scheduled_for} /> },
        { header: "Started", className: "wide-only", cell: (run) => (run.started_at ? <Time iso={run.started_at} /> : emptyCell) },
        { header: "Finished", className: "wide-only", cell: (run) => (run.finished_at ? <Time iso={run.finished_at} /> : emptyCell) },
        { header: "Duration", className: "numeric wide-only", cell: (run) => durationWords(run.started_at, run.finished_at) ?? emptyCell },
        {
          header: "Error",
          className: "wide-only",
          cellClassName: "error-cell wide-only",
          cell: (run) => (run.error ? <span className="error-text">{run.error}</span> : emptyCell),
        },
      ]}
    />
  );
}
