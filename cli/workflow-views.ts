// Table output of workflows, scheduled queries and their runs: which fields people see, in what
// order, and schedules in words. (--output json prints the server's objects instead.)
import type { ScheduleSpec, WatchScan } from "../worker/api";
import type { ActivityTypeView, ScheduledQueryItem, ScheduledQueryVersion, WorkflowItem, WorkflowRun, WorkflowVersion } from "./api";
import { type Column, fields, listTable, yesNo } from "./output";

const PARAMETERS_WIDTH = 80;
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const plural = (count: number, unit: string) => (count === 1 ? `every ${unit}` : `every ${count} ${unit}s`);
const clock = (spec: ScheduleSpec) => `${String(spec.hour).padStart(2, "0")}:${String(spec.minute).padStart(2, "0")} UTC`;

/** A watched scan: only the patterns that are not the default `.*`. */
function watchText(watch: WatchScan) {
  const given = (["grouptype", "syncedtype", "groupid"] as const).filter((key) => watch[key] !== ".*").map((key) => `${key}=${watch[key]}`);
  return given.length > 0 ? given.join(" ") : "any";
}

/**
 * When it runs, in words: "every 15 minutes", "Mon, Fri at 09:30 UTC", "on new scans", or
 * "manual" for neither a schedule nor watched scans.
 */
export function scheduleInWords({ schedule, watch_scans, frequency }: { schedule: ScheduleSpec | null; watch_scans: WatchScan[]; frequency?: number | null }) {
  if (schedule?.type === "interval") return plural(schedule.interval_minutes ?? 0, "minute");
  if (schedule?.type === "hourly") return plural(schedule.interval_hours ?? 0, "hour");
  if (schedule?.type === "daily") {
    const days = [...new Set(schedule.days_of_week)].sort();
    return `${days.length === 7 ? "daily" : days.map((day) => DAYS[day]).join(", ")} at ${clock(schedule)}`;
  }
  if (schedule?.type === "monthly") return `monthly on day ${[...new Set(schedule.days_of_month)].sort((a, b) => a - b).join(", ")} at ${clock(schedule)}`;
  if (frequency) return `${plural(frequency, "minute")} (frequency)`;
  if (watch_scans.length > 0) {
    const watched = watch_scans.map(watchText);
    return watched.every((text) => text === "any") ? "on new scans" : `on new scans: ${watched.join("; ")}`;
  }
  return "manual";
}

/** The last run: its status and when; "never" before the first. */
const lastRun = (item: { last_run_status: string | null; last_run_at: string | null }) =>
  item.last_run_status ? `${item.last_run_status}${item.last_run_at ? ` ${item.last_run_at}` : ""}` : "never";

/** The columns of a run state: the last run and when the next is due (runState() for one). */
const RUN_STATE_COLUMNS: Column<WorkflowItem | ScheduledQueryItem>[] = [
  { header: "LAST RUN", value: lastRun },
  { header: "NEXT DUE", value: (item) => item.next_due_at },
];

/**
 * A scheduled query's deprecated frequency (minutes) by id: the workflows API's projection of
 * one has no field for it, so a list of workflows showing scheduled queries reads it from them.
 */
export type Frequencies = Map<string, number | null>;

export function workflowsTable(workflows: WorkflowItem[], frequencies: Frequencies = new Map()) {
  return listTable(workflows, "(no workflows)", [
    { header: "ID", value: (w) => w.workflow_id },
    { header: "NAME", value: (w) => w.name },
    { header: "KIND", value: (w) => w.kind },
    { header: "ENABLED", value: (w) => yesNo(w.enabled) },
    { header: "SCHEDULE", value: (w) => scheduleInWords({ ...w, frequency: frequencies.get(w.workflow_id) }) },
    ...RUN_STATE_COLUMNS,
  ]);
}

type Stages = WorkflowItem["stages"];

/** One row per activity, stage by stage; parameters as compact JSON. */
function stagesTable(stages: Stages) {
  const rows = stages.flatMap((stage, index) => stage.activities.map((activity) => ({ stage: index + 1, ...activity })));
  return listTable(rows, "(no stages)", [
    { header: "STAGE", value: (row) => row.stage },
    { header: "TYPE", value: (row) => row.type },
    { header: "OUTPUT", value: (row) => row.output },
    { header: "INPUT", value: (row) => row.input },
    { header: "PARAMETERS", value: (row) => row.parameters, max: PARAMETERS_WIDTH },
  ]);
}

function runState(item: WorkflowItem | ScheduledQueryItem): [string, unknown][] {
  return [
    ["last run", lastRun(item)],
    ...(item.last_errors.length > 0 ? ([["last errors", item.last_errors.join("\n")]] as [string, unknown][]) : []),
    ["run requested", item.run_requested_at ?? ""],
    ["next due", item.next_due_at ?? ""],
  ];
}

/** Which version is current, and who changed and created it when. */
function history(item: WorkflowItem | ScheduledQueryItem): [string, unknown][] {
  return [
    ["version", item.current_version],
    ["updated", `${item.updated_at} by ${item.updated_by}`],
    ["created", `${item.created_at} by ${item.created_by}`],
  ];
}

/** What a saved version says first: which it is, when, by whom and why; its name, state and schedule. */
function versionHead(id: string, version: WorkflowVersion | ScheduledQueryVersion): [string, unknown][] {
  return [
    ["id", id],
    ["version", version.version],
    ["saved", `${version.created_at} by ${version.created_by}`],
    ["comment", version.comment],
    ["name", version.name],
    ["enabled", yesNo(version.enabled)],
    ["schedule", scheduleInWords(version)],
  ];
}

export function workflowFields(workflow: WorkflowItem, frequencies: Frequencies = new Map()) {
  return `${fields([
    ["id", workflow.workflow_id],
    ["name", workflow.name],
    ["kind", workflow.kind],
    ["enabled", yesNo(workflow.enabled)],
    ["schedule", scheduleInWords({ ...workflow, frequency: frequencies.get(workflow.workflow_id) })],
    ["triggers", workflow.trigger_workflows.join(", ") || "(none)"],
    ...history(workflow),
    ...runState(workflow),
  ])}\n\n${stagesTable(workflow.stages)}`;
}

export function workflowVersionFields(version: WorkflowVersion) {
  return `${fields([
    ...versionHead(version.workflow_id, version),
    ["triggers", version.trigger_workflows.join(", ") || "(none)"],
  ])}\n\n${stagesTable(version.stages)}`;
}

export function runsTable(runs: WorkflowRun[]) {
  return listTable(runs, "(no runs)", [
    { header: "RUN", value: (r) => r.run_id },
    { header: "TRIGGER", value: (r) => r.trigger },
    { header: "STATUS", value: (r) => r.status },
    { header: "SCHEDULED FOR", value: (r) => r.scheduled_for },
    { header: "STARTED", value: (r) => r.started_at },
    { header: "FINISHED", value: (r) => r.finished_at },
    { header: "VERSION", value: (r) => r.workflow_version },
    { header: "ERROR", value: (r) => r.error, max: PARAMETERS_WIDTH },
  ]);
}

/** A run, then what each of its activities did. */
export function runFields(run: WorkflowRun) {
  const header = fields([
    ["run", run.run_id],
    ["workflow", `${run.workflow_id} (version ${run.workflow_version})`],
    ["trigger", run.trigger],
    ["status", run.status],
    ["scheduled for", run.scheduled_for],
    ["created", run.created_at],
    ["started", run.started_at ?? ""],
    ["finished", run.finished_at ?? ""],
    ...(run.triggered_by_run_id ? ([["triggered by", run.triggered_by_run_id]] as [string, unknown][]) : []),
    ...(run.error ? ([["error", run.error]] as [string, unknown][]) : []),
  ]);
  const activities = listTable(run.activities, "(no activities run yet)", [
    { header: "STAGE", value: (a) => a.stage },
    { header: "OUTPUT", value: (a) => a.output },
    { header: "TYPE", value: (a) => a.type },
    { header: "STATUS", value: (a) => a.status },
    { header: "ROWS IN", value: (a) => a.rows_in },
    { header: "ROWS OUT", value: (a) => a.rows_out },
    { header: "MS", value: (a) => Date.parse(a.finished_at) - Date.parse(a.started_at) },
    { header: "RESULT", value: (a) => a.result },
    { header: "ERROR", value: (a) => a.error },
  ]);
  return `${header}\n\n${activities}`;
}

export function activityTypesTable(types: ActivityTypeView[]) {
  return listTable(types, "(no activity types)", [
    { header: "TYPE", value: (t) => t.type },
    { header: "INPUT", value: (t) => (t.input_required ? "required" : "optional") },
    // A required field is marked with *.
    { header: "PARAMETERS", value: (t) => t.config_fields.map((field) => `${field.name}${field.required ? "*" : ""}: ${field.type}`).join(", ") },
    { header: "DESCRIPTION", value: (t) => t.description },
  ]);
}

export function scheduledQueriesTable(queries: ScheduledQueryItem[]) {
  return listTable(queries, "(no scheduled queries)", [
    { header: "ID", value: (q) => q.scheduled_query_id },
    { header: "NAME", value: (q) => q.name },
    { header: "ENABLED", value: (q) => yesNo(q.enabled) },
    { header: "SCHEDULE", value: (q) => scheduleInWords(q) },
    { header: "ACTIONS", value: (q) => q.actions.map((a) => a.action_type).join(", ") },
    ...RUN_STATE_COLUMNS,
  ]);
}

type QueryDefinition = Pick<ScheduledQueryItem, "cypher" | "params" | "actions">;

function queryDefinition(query: QueryDefinition) {
  const params = query.params.length > 0 ? query.params.map((param) => `${param.name} = ${JSON.stringify(param.value)}`).join("\n") : "(none)";
  const actions = listTable(query.actions, "(no actions)", [
    { header: "ACTION", value: (a) => a.action_type },
    { header: "CONFIG", value: (a) => a.action_config, max: PARAMETERS_WIDTH },
  ]);
  return { params, actions };
}

export function scheduledQueryFields(query: ScheduledQueryItem) {
  const { params, actions } = queryDefinition(query);
  return `${fields([
    ["id", query.scheduled_query_id],
    ["name", query.name],
    ["enabled", yesNo(query.enabled)],
    ["schedule", scheduleInWords(query)],
    ...history(query),
    ...runState(query),
    ["params", params],
    ["cypher", query.cypher],
  ])}\n\n${actions}`;
}

export function scheduledQueryVersionFields(version: ScheduledQueryVersion) {
  const { params, actions } = queryDefinition(version);
  return `${fields([...versionHead(version.scheduled_query_id, version), ["params", params], ["cypher", version.cypher]])}\n\n${actions}`;
}
