// Workflows and scheduled queries, in upstream Seizu's shapes (seizu_schema/reporting_config.py):
// a workflow is stages of activities run on a schedule, on newer graph scans, on demand or when
// another workflow succeeds; a scheduled query is the deprecated one-query-then-actions form of
// the same thing, kept as its own kind and shown to the workflows API as stages (projection.ts).
// Every object is strict: an unknown key is refused, naming it. Activity parameters are checked
// per activity type by activities/registry.ts. Every list, string and number is bounded (the
// README lists the bounds): GET /workflows returns every definition whole.
import { z } from "zod";
import { MAX_STATEMENT_LENGTH } from "../cypher/length";
import { jsonValue } from "../kit/json-value";
import { changeFields, importFlags } from "../kit/schemas";
import { QUERY_PARAMETERS_MAX } from "./activities/common";
import { compilePattern } from "./pattern";

export const LIMITS = {
  stages: 20,
  activitiesPerStage: 10,
  watchScans: 20,
  triggerWorkflows: 20,
  actions: 10,
  /** A scheduled query's frequency, in minutes, as an interval schedule's (30 days). */
  frequency: 43_200,
} as const;

const LOWER_SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
export const lowerSnake = z
  .string({ error: "must be a string" })
  .max(64, "must be at most 64 characters")
  .regex(LOWER_SNAKE, "must be lower_snake_case matching ^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$");

const listOf = <T extends z.ZodType>(item: T, max: number, what: string) => z.array(item).max(max, `must hold at most ${max} ${what}`);

const name = z
  .string({ error: "must be a string" })
  .max(200, "must be at most 200 characters")
  .refine((value) => value.trim() !== "", "must not be blank");

/** Days of a week or month: each at most once (repeats are dropped), so at most max - min + 1. */
const dayList = (min: number, max: number, what: string) =>
  listOf(z.number({ error: "must be a number" }).int("must be an integer").min(min, what).max(max, what), max - min + 1, "days")
    .transform((days) => [...new Set(days)])
    .default([]);

/** When a workflow runs, always in UTC; no cron strings and no time zones (upstream's ScheduleSpec). */
export const scheduleSpec = z
  .object({
    type: z.enum(["interval", "hourly", "daily", "monthly"], { error: "must be interval, hourly, daily or monthly" }),
    interval_minutes: z
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(43_200, "must be at most 43200")
      .nullish(),
    interval_hours: z.number({ error: "must be a number" }).int("must be an integer").min(1, "must be at least 1").max(720, "must be at most 720").nullish(),
    days_of_week: dayList(0, 6, "values must be 0 (Monday) through 6 (Sunday)"),
    hour: z.number({ error: "must be a number" }).int("must be an integer").min(0, "must be 0 to 23").max(23, "must be 0 to 23").default(0),
    minute: z.number({ error: "must be a number" }).int("must be an integer").min(0, "must be 0 to 59").max(59, "must be 0 to 59").default(0),
    days_of_month: dayList(1, 31, "values must be 1 through 31"),
  })
  .strict()
  .superRefine((spec, ctx) => {
    const need = (field: keyof typeof spec, present: boolean) => {
      if (!present) ctx.addIssue({ code: "custom", path: [field], message: `is required for ${spec.type} schedules` });
    };
    if (spec.type === "interval") need("interval_minutes", Boolean(spec.interval_minutes));
    if (spec.type === "hourly") need("interval_hours", Boolean(spec.interval_hours));
    if (spec.type === "daily") need("days_of_week", spec.days_of_week.length > 0);
    if (spec.type === "monthly") need("days_of_month", spec.days_of_month.length > 0);
  });
export type ScheduleSpec = z.output<typeof scheduleSpec>;

/** An RE2 regex matched against a whole SyncMetadata value (pattern.ts). */
const pattern = z
  .string({ error: "must be a string" })
  .superRefine((source, ctx) => {
    const compiled = compilePattern(source);
    if (compiled.ok) return;
    const problem = compiled.problem;
    if (problem.rule === "too_big") ctx.addIssue({ code: "too_big", origin: "string", maximum: problem.maximum, input: source, message: problem.message });
    else ctx.addIssue({ code: "invalid_format", format: "regex", input: source, message: problem.message });
  })
  .default(".*");

/** A scan to watch: SyncMetadata nodes whose attributes match these regexes (upstream's ScheduledQueryWatchScan). */
export const watchScan = z.object({ grouptype: pattern, syncedtype: pattern, groupid: pattern }).strict();
export type WatchScan = z.output<typeof watchScan>;

export const activity = z
  .object({
    type: z.string({ error: "must be a string" }).min(1, "must not be empty").max(64, "must be at most 64 characters"),
    input: lowerSnake.nullish().describe("The output of an activity in an earlier stage, given to this one as its rows ($input to a query)"),
    output: lowerSnake.describe("This activity's output name, unique in the workflow"),
    parameters: z.record(z.string(), z.unknown(), { error: "must be an object" }).default({}),
  })
  .strict();
export type Activity = z.output<typeof activity>;

export const stage = z.object({ activities: listOf(activity, LIMITS.activitiesPerStage, "activities").min(1, "must hold at least one activity") }).strict();
export type Stage = z.output<typeof stage>;

const workflowIds = listOf(
  z
    .string({ error: "must be a string" })
    .max(100, "must be at most 100 characters")
    .transform((id) => id.trim()),
  LIMITS.triggerWorkflows,
  "workflow IDs",
)
  .default([])
  .superRefine((ids, ctx) => {
    ids.forEach((id, index) => {
      if (id === "") ctx.addIssue({ code: "custom", path: [index], message: "triggered workflow IDs must not be empty" });
    });
  })
  .transform((ids) => [...new Set(ids)]);

function exclusiveTriggers(body: { frequency?: number | null; schedule?: ScheduleSpec | null; watch_scans: WatchScan[] }, ctx: z.RefinementCtx) {
  const configured = [body.frequency != null && "frequency", body.schedule != null && "schedule", body.watch_scans.length > 0 && "watch_scans"].filter(Boolean);
  if (configured.length > 1)
    ctx.addIssue({ code: "custom", path: [configured[1] as string], message: `triggers are mutually exclusive; got ${configured.join(" and ")}` });
}

/** Outputs are unique; an input names an output of an earlier stage. */
function stageReferences(stages: Stage[], ctx: z.RefinementCtx) {
  const earlier = new Set<string>();
  const seen = new Set<string>();
  stages.forEach((current, s) => {
    const produced: string[] = [];
    current.activities.forEach((step, a) => {
      const at = (field: string) => ["stages", s, "activities", a, field];
      if (seen.has(step.output)) ctx.addIssue({ code: "custom", path: at("output"), message: `duplicate activity output '${step.output}'` });
      seen.add(step.output);
      produced.push(step.output);
      if (step.input != null && !earlier.has(step.input)) {
        ctx.addIssue({ code: "custom", path: at("input"), message: `references output '${step.input}' that is not produced by an earlier stage` });
      }
    });
    for (const output of produced) earlier.add(output);
  });
}

const workflowFields = {
  name,
  schedule: scheduleSpec.nullish().transform((spec) => spec ?? null),
  watch_scans: listOf(watchScan, LIMITS.watchScans, "scans").default([]),
  enabled: z.boolean({ error: "must be true or false" }).default(true),
  stages: listOf(stage, LIMITS.stages, "stages").min(1, "must hold at least one stage"),
  trigger_workflows: workflowIds.describe("Workflow ids to start after every stage succeeded"),
};

/** A workflow's definition, as every version stores it. */
export const workflowBody = z
  .object(workflowFields)
  .strict()
  .superRefine((body, ctx) => {
    exclusiveTriggers(body, ctx);
    stageReferences(body.stages, ctx);
  });
export type WorkflowBody = z.output<typeof workflowBody>;

const param = z
  .object({ name: z.string({ error: "must be a string" }).min(1, "must not be empty").max(100, "must be at most 100 characters"), value: jsonValue })
  .strict();

export const action = z
  .object({
    action_type: z.string({ error: "must be a string" }).min(1, "must not be empty").max(64, "must be at most 64 characters"),
    action_config: z.record(z.string(), z.unknown(), { error: "must be an object" }).default({}),
  })
  .strict();

/** A scheduled query's definition: one Cypher, then each action on its rows. */
export const scheduledQueryBody = z
  .object({
    name,
    cypher: z.string({ error: "must be a string" }).min(1, "must not be empty").max(MAX_STATEMENT_LENGTH, `must be at most ${MAX_STATEMENT_LENGTH} characters`),
    params: listOf(param, QUERY_PARAMETERS_MAX, "parameters").default([]),
    frequency: z
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be at least 1 minute")
      .max(LIMITS.frequency, `must be at most ${LIMITS.frequency} minutes (30 days)`)
      .nullish()
      .transform((value) => value ?? null),
    schedule: scheduleSpec.nullish().transform((spec) => spec ?? null),
    watch_scans: listOf(watchScan, LIMITS.watchScans, "scans").default([]),
    enabled: z.boolean({ error: "must be true or false" }).default(true),
    actions: listOf(action, LIMITS.actions, "actions").default([]),
  })
  .strict()
  .superRefine(exclusiveTriggers);
export type ScheduledQueryBody = z.output<typeof scheduledQueryBody>;

/** Creating or replacing: the definition, an optional comment, and (replacing) the version it was based on. */
export const workflowInput = z
  .object({ ...workflowFields, comment: changeFields.comment, base_version: changeFields.base_version.optional() })
  .strict()
  .superRefine((body, ctx) => {
    exclusiveTriggers(body, ctx);
    stageReferences(body.stages, ctx);
  });
export type WorkflowInput = z.output<typeof workflowInput>;

export const scheduledQueryInput = z
  .object({ ...scheduledQueryBody.shape, comment: changeFields.comment, base_version: changeFields.base_version.optional() })
  .strict()
  .superRefine(exclusiveTriggers);
export type ScheduledQueryInput = z.output<typeof scheduledQueryInput>;

export const RUN_TRIGGERS = ["schedule", "manual", "watch", "chain"] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export const RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What one activity of a run did. */
export const activityRun = z.object({
  stage: z.number().int().describe("1-based stage number"),
  output: z.string(),
  type: z.string(),
  status: z.enum(["succeeded", "failed"]),
  started_at: z.string(),
  finished_at: z.string(),
  rows_in: z.number().int().nullable().describe("Rows of the referenced input; null without an input"),
  rows_out: z.number().int().nullable().describe("Rows this activity output; null for an activity that outputs a summary"),
  result: z.record(z.string(), z.unknown()).describe("The activity's summary: rows_logged, messages_sent, ..."),
  error: z.string().nullable(),
  attempts: z
    .number()
    .int()
    .nullable()
    .describe("How often the activity was tried: once unless it failed in a way a retry may fix (at most 3); null when the run resumed after it failed"),
});
export type ActivityRun = z.output<typeof activityRun>;

export const workflowRun = z.object({
  run_id: z.string().describe("The Cloudflare Workflows instance id; one per workflow and scheduled time, manual request or parent run"),
  workflow_id: z.string(),
  workflow_version: z.number().int(),
  trigger: z.enum(RUN_TRIGGERS),
  scheduled_for: z.string().describe("The occurrence, request or scan time this run is for"),
  status: z.enum(RUN_STATUSES),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  triggered_by_run_id: z.string().nullable(),
  activities: z.array(activityRun),
});
export type WorkflowRun = z.output<typeof workflowRun>;

const audit = { created_at: z.string(), created_by: z.string(), updated_at: z.string(), updated_by: z.string() };
const runState = {
  last_run_status: z.enum(RUN_STATUSES).nullable(),
  last_run_at: z.string().nullable(),
  last_errors: z.array(z.string()).describe("The newest errors (at most 5), cleared by a successful run"),
  last_scheduled_at: z.string().nullable().describe("When the last run was claimed"),
  run_requested_at: z.string().nullable(),
  next_due_at: z.string().nullable().describe("The next scheduled occurrence (UTC); null when not scheduled, disabled or scan-driven"),
};

/** A workflow's definition as its list item and its versions show it (no defaults: always present). */
const workflowShown = {
  schedule: scheduleSpec.nullable(),
  watch_scans: z.array(watchScan),
  enabled: z.boolean(),
  stages: z.array(stage),
  trigger_workflows: z.array(z.string()),
};

/** A workflow as the workflows API shows it; scheduled queries appear projected to stages. */
export const workflowItem = z.object({
  workflow_id: z.string(),
  kind: z.enum(["workflow", "scheduled_query"]).describe("scheduled_query: a deprecated scheduled query, changed through /scheduled-queries"),
  name: z.string(),
  ...workflowShown,
  current_version: z.number().int(),
  ...audit,
  ...runState,
});
export type WorkflowItem = z.output<typeof workflowItem>;

export const workflowVersion = z.object({
  workflow_id: z.string(),
  name: z.string(),
  version: z.number().int(),
  ...workflowShown,
  created_at: z.string(),
  created_by: z.string(),
  comment: z.string(),
});

export const scheduledQueryItem = z.object({
  scheduled_query_id: z.string(),
  name: z.string(),
  cypher: z.string(),
  params: z.array(param),
  frequency: z.number().int().nullable(),
  schedule: scheduleSpec.nullable(),
  watch_scans: z.array(watchScan),
  enabled: z.boolean(),
  actions: z.array(action),
  current_version: z.number().int(),
  ...audit,
  ...runState,
});
export type ScheduledQueryItem = z.output<typeof scheduledQueryItem>;

export const scheduledQueryVersion = z.object({
  scheduled_query_id: z.string(),
  ...scheduledQueryBody.shape,
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  comment: z.string(),
});

export const runRequested = z.object({
  workflow_id: z.string(),
  run_requested_at: z.string(),
  run_id: z.string().describe("The run this request starts, once the next reconcile (at most a minute) claims it"),
  temporal_workflow_id: z.string().describe("Upstream Seizu's name of what runs (here the workflow's id): the run is at /runs/{temporal_workflow_id}/{run_id}"),
});

/** A seed file's section: entries are validated one by one, so each issue names its index. */
export const importSection = <K extends string>(key: K) =>
  z
    .object({ [key]: z.array(z.unknown(), { error: "must be a list" }), ...importFlags } as { [P in K]: z.ZodArray<z.ZodUnknown> } & typeof importFlags)
    .strict();

export const importOutcome = z.object({
  dry_run: z.boolean(),
  created: z.array(z.string()).describe("Names of the entries created"),
  updated: z.array(z.string()),
  unchanged: z.array(z.string()),
});
