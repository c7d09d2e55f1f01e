// Where workflows and scheduled queries are, in the UI and the API alike (web/src/kit/paths.ts):
// a workflow's page sits at the API path of the workflow it shows. Scheduled queries are listed
// with the workflows (the workflows API projects them to stages) but are changed, run and
// versioned through their own collection.
import { itemPath } from "../../kit/paths";
import type { WorkflowItem } from "../../types";

export const WORKFLOWS = "/workflows";
export const SCHEDULED_QUERIES = "/scheduled-queries";
export const ACTIVITY_TYPES = `${WORKFLOWS}/activity-types`;
export const NEW_WORKFLOW = `${WORKFLOWS}/new`;
export const NEW_SCHEDULED_QUERY = `${SCHEDULED_QUERIES}/new`;

export const workflowPath = (id: string) => itemPath(WORKFLOWS, id);
export const scheduledQueryPath = (id: string) => itemPath(SCHEDULED_QUERIES, id);
/** The UI page of a run; its API path depends on the kind (runsPath). */
export const runPagePath = (workflowId: string, runId: string) => `${workflowPath(workflowId)}/runs/${encodeURIComponent(runId)}`;

type Kinded = Pick<WorkflowItem, "workflow_id" | "kind">;

/** Where the item's definition is changed and versioned: its own collection. */
export const definitionPath = (item: Kinded) => (item.kind === "scheduled_query" ? scheduledQueryPath(item.workflow_id) : workflowPath(item.workflow_id));
/** The editor page of the item. */
export const editPagePath = (item: Kinded) => `${definitionPath(item)}/edit`;
/** The API path of the item's runs. */
export const runsPath = (item: Kinded) => `${definitionPath(item)}/${item.kind === "scheduled_query" ? "workflow-runs" : "runs"}`;
export const runPath = (item: Kinded, runId: string) => `${runsPath(item)}/${encodeURIComponent(runId)}`;
