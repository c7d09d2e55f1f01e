// The two kinds of workflow definition: a workflow (stages) and a scheduled query (its
// deprecated one-query form, projected to stages). One id space, one run state, one history.
import type { Db } from "../store/db";
import { VersionedStore } from "../store/versioned-store";
import { legacyStages } from "./projection";
import { type ScheduledQueryBody, type Stage, scheduledQueryBody, type WorkflowBody, workflowBody } from "./schemas";

export const WORKFLOW = "workflow";
export const SCHEDULED_QUERY = "scheduled_query";
export type WorkflowKind = typeof WORKFLOW | typeof SCHEDULED_QUERY;
export type Bodies = { workflow: WorkflowBody; scheduled_query: ScheduledQueryBody };
export type AnyBody = Bodies[WorkflowKind];

export const definitionStores = (db: Db) => ({
  workflow: new VersionedStore(db, WORKFLOW, workflowBody),
  scheduled_query: new VersionedStore(db, SCHEDULED_QUERY, scheduledQueryBody),
});

export const stagesOf = (kind: WorkflowKind, body: AnyBody): Stage[] =>
  kind === WORKFLOW ? (body as WorkflowBody).stages : legacyStages(body as ScheduledQueryBody);

export const triggersOf = (kind: WorkflowKind, body: AnyBody): string[] => (kind === WORKFLOW ? (body as WorkflowBody).trigger_workflows : []);
