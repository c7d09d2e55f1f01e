// /workflows/new and /workflows/:workflowId/edit: the workflow editor, once the activity types,
// the other workflows (to start after this one) and, editing, the workflow have loaded. A
// scheduled query is changed in its own editor.
import { Link, useParams } from "wouter";
import { PageHeader } from "../../components/Page";
import { failureState, Loading } from "../../components/States";
import { useResource } from "../../hooks";
import type { ActivityTypeList, WorkflowItem, WorkflowList } from "../../types";
import { ACTIVITY_TYPES, editPagePath, WORKFLOWS, workflowPath } from "./paths";
import { WorkflowEditor } from "./WorkflowEditor";

export default function WorkflowEditPage() {
  const { workflowId } = useParams<{ workflowId?: string }>();
  const workflow = useResource<WorkflowItem>(workflowId ? workflowPath(workflowId) : null);
  const types = useResource<ActivityTypeList>(ACTIVITY_TYPES);
  const list = useResource<WorkflowList>(WORKFLOWS);
  const name = workflow.data?.name ?? workflowId ?? "";
  const crumbs = [{ label: "Workflows", href: WORKFLOWS }, ...(workflowId ? [{ label: name, href: workflowPath(workflowId) }] : [])];
  const failure = failureState([workflow, types, list]);
  const item = workflow.data;
  return (
    <>
      <PageHeader title={workflowId ? `Edit ${name}` : "New workflow"} crumbs={crumbs}>
        {item && <p className="lede">Saving makes version {item.current_version + 1}; the history keeps every version.</p>}
      </PageHeader>
      {failure ??
        ((workflowId && !item) || !types.data || !list.data ? (
          <Loading label="Loading the editor…" />
        ) : item?.kind === "scheduled_query" ? (
          <p className="notice">
            This is a scheduled query: <Link href={editPagePath(item)}>edit it in the scheduled query editor</Link>.
          </p>
        ) : (
          <WorkflowEditor key={item?.current_version ?? "new"} workflow={item} activityTypes={types.data.activity_types} workflows={list.data.workflows} />
        ))}
    </>
  );
}
