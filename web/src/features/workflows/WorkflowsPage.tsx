import { Link } from "wouter";
import { PageHeader } from "../../components/Page";
import { Time } from "../../components/JsonDiff";
import { EnabledBadge } from "../../components/States";
import { useResource } from "../../hooks";
import { NoItems, ResourceList } from "../../kit/ResourceList";
import { type Column, nameColumn } from "../../kit/ResourceTable";
import { useSession } from "../../session";
import type { ScheduledQueryList, WorkflowItem, WorkflowList } from "../../types";
import { workflowRights } from "../permissions";
import { NEW_SCHEDULED_QUERY, NEW_WORKFLOW, SCHEDULED_QUERIES, WORKFLOWS, workflowPath } from "./paths";
import { useRunNow } from "./RunNow";
import { KindBadge, RunStatusBadge } from "./RunStatus";
import { triggerWords } from "./wording";
import { useWorkflowMenu } from "./WorkflowMenu";
import "./workflows.css";

type Listed = WorkflowItem & { id: string };

export function LastRun({ item }: { item: Pick<WorkflowItem, "last_run_status" | "last_run_at"> }) {
  if (!item.last_run_status) return <span className="muted">Never run</span>;
  return (
    <>
      <RunStatusBadge status={item.last_run_status} /> {item.last_run_at && <Time iso={item.last_run_at} />}
    </>
  );
}

export default function WorkflowsPage() {
  const session = useSession();
  const rights = workflowRights(session);
  const list = useResource<WorkflowList>(WORKFLOWS);
  const runNow = useRunNow(() => void list.reload());
  const actions = useWorkflowMenu(() => void list.reload());
  // The workflows API shows a scheduled query's schedule but not its deprecated frequency.
  const scheduledQueries = useResource<ScheduledQueryList>(list.data?.workflows.some((item) => item.kind === "scheduled_query") ? SCHEDULED_QUERIES : null);
  const frequencyOf = (item: WorkflowItem) =>
    scheduledQueries.data?.scheduled_queries.find((query) => query.scheduled_query_id === item.workflow_id)?.frequency ?? null;
  const newButton = rights.create && (
    <>
      <Link className="button" href={NEW_SCHEDULED_QUERY}>
        New scheduled query
      </Link>
      <Link className="button primary" href={NEW_WORKFLOW}>
        New workflow
      </Link>
    </>
  );
  const trigger = (item: WorkflowItem) => triggerWords({ ...item, frequency: frequencyOf(item) });
  const nextDue = (item: WorkflowItem) => (item.next_due_at ? <Time iso={item.next_due_at} /> : <span className="muted">—</span>);
  // A phone shows the name, Run now and the menu; status, trigger and times go under the name.
  const columns: Column<Listed>[] = [
    nameColumn({
      href: (item) => workflowPath(item.workflow_id),
      name: (item) => item.name,
      badges: (item) => <KindBadge kind={item.kind} />,
      narrow: (item) => (
        <dl className="workflow-narrow">
          <dt>Status</dt>
          <dd>
            <EnabledBadge enabled={item.enabled} /> {trigger(item)}
          </dd>
          <dt>Last run</dt>
          <dd>
            <LastRun item={item} />
          </dd>
          <dt>Next due</dt>
          <dd>{nextDue(item)}</dd>
        </dl>
      ),
    }),
    { header: "Status", className: "wide-only", cell: (item) => <EnabledBadge enabled={item.enabled} /> },
    { header: "Trigger", className: "wide-only", cell: trigger },
    { header: "Last run", className: "wide-only", cell: (item) => <LastRun item={item} /> },
    { header: "Next due", className: "wide-only", cell: nextDue },
    {
      header: "Run",
      cell: (item) => runNow.button(item),
    },
  ];
  return (
    <>
      <PageHeader title="Workflows" actions={list.data?.workflows.length ? newButton : null}>
        <p className="lede">
          Stages of activities — queries, then logging, Slack, webhooks or SQS on their rows — run on a schedule (UTC), on new scans, on demand or after another
          workflow. Scheduled queries are listed too.
        </p>
      </PageHeader>
      {runNow.notice}
      <ResourceList
        list={list}
        items={(data) => data.workflows.map((item) => ({ ...item, id: item.workflow_id }))}
        loading="Loading workflows…"
        empty={<NoItems title="No workflows yet." text="A workflow runs stages of activities: a query, then what to do with its rows." newButton={newButton} />}
        caption="Workflows"
        columns={columns}
        menu={(item) => actions.menu(item)}
      />
      {actions.dialog}
    </>
  );
}
