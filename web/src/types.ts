// The JSON shapes of the REST API, read from the Worker's zod schemas rather than written out
// again, so the UI cannot drift from what the API sends and takes. The imports are types only:
// no zod reaches the bundle. The API sends stored definitions as their schemas parsed them
// (defaults filled in), so what the UI reads is each schema's output; what it sends is the input
// of the schema that checks it.
import type { z } from "zod";
import type {
  ActivityTypeView,
  activityRun,
  anyToolResponse,
  BuiltinTool,
  boundedResult,
  confirmationResponse,
  errorResponse,
  healthResponse,
  inputConfig,
  panelConfig,
  ReplyOf,
  ScheduledQueryItem,
  Parameter,
  pluginListResponse,
  pluginRevisionListResponse,
  pluginSkillDetailResponse,
  reportConfig,
  reportListResponse,
  reportVersionListResponse,
  roleBody,
  roleListResponse,
  rowConfig,
  runRequested,
  scheduledQueryInput,
  spaceListResponse,
  toolBody,
  toolListResponse,
  toolsetListResponse,
  uiConfigResponse,
  versionEntry,
  versionList,
  versionMeta,
  WorkflowItem,
  workflowInput,
} from "../../worker/api";

// Every type the Worker names for its clients comes as it is: the replies both clients show
// (Toolset, Role, WorkflowItem…, worker/client/replies.ts), Parameter, Permission, FieldIssue.
export type * from "../../worker/api";

/** A parameter's default value. */
export type Scalar = Exclude<Parameter["default"], undefined>;

export type ToolsetList = z.output<typeof toolsetListResponse>;
export type AnyTool = z.output<typeof anyToolResponse>;
export type ToolList = z.output<typeof toolListResponse>;
/** GET /roles: every role and the catalogue of permissions a role may grant. */
export type RoleList = z.output<typeof roleListResponse>;

/** The definitions the forms send: what create takes beside the id, what update takes beside the base version and comment. */
export type ToolDefinition = z.input<typeof toolBody>;
export type RoleDefinition = z.input<typeof roleBody>;

export const isBuiltinTool = (tool: AnyTool): tool is BuiltinTool => "built_in" in tool && tool.built_in === true;

/** One version of a resource's history; the UI shows its definition as a whole, whatever the resource. */
export type Version = z.output<ReturnType<typeof versionEntry<z.ZodUnknown>>>;
export type VersionList = z.output<ReturnType<typeof versionList<z.ZodUnknown>>>;
/** The version and authorship every versioned item carries. */
export type VersionMeta = z.output<typeof versionMeta>;

export type UiConfig = z.output<typeof uiConfigResponse>;
export type Health = z.output<typeof healthResponse>;
export type ApiErrorBody = z.output<typeof errorResponse>["error"];

/** A tool call's `results`: the rows, the rows that fit with how they were cut, or a message. */
export type CallResult = z.output<typeof boundedResult>;
export type Row = Extract<CallResult, unknown[]>[number];

/** An action awaiting its owner's approval (GET /confirmations/{id}), see worker/confirmations/service.ts. */
export type Confirmation = z.output<typeof confirmationResponse>;

/** The Agent Plugins (worker/plugins). */
export type PluginList = z.output<typeof pluginListResponse>;
export type PluginSkillDetail = z.output<typeof pluginSkillDetailResponse>;
export type PluginRevisionList = z.output<typeof pluginRevisionListResponse>;

/** Reports as listed (GET /reports), a report's versions and its config, see worker/reports. */
export type ReportList = z.output<typeof reportListResponse>;
export type ReportListItem = ReportList["reports"][number];
export type ReportVersionList = z.output<typeof reportVersionListResponse>;
export type ReportConfig = z.output<typeof reportConfig>;
export type ReportRow = z.output<typeof rowConfig>;
export type PanelConfig = z.output<typeof panelConfig>;
export type PanelType = PanelConfig["type"];
export type ReportInput = z.output<typeof inputConfig>;

export type SpaceList = z.output<typeof spaceListResponse>;

/** Workflows and scheduled queries (worker/workflows): as listed, their versions and runs, what each activity of a run did. */
export type WorkflowList = ReplyOf<"workflows_list">;
export type WorkflowVersionList = ReplyOf<"workflows_versions">;
export type WorkflowRunList = ReplyOf<"workflows_runs">;
export type ActivityRun = z.output<typeof activityRun>;
export type RunRequested = z.output<typeof runRequested>;
export type ScheduledQueryList = ReplyOf<"scheduled_queries_list">;
export type ScheduledQueryVersionList = ReplyOf<"scheduled_queries_versions">;
/** What starts a workflow or a scheduled query: a schedule, newer scans, or a scheduled query's deprecated frequency. */
export type Trigger = Pick<WorkflowItem, "schedule" | "watch_scans"> & Partial<Pick<ScheduledQueryItem, "frequency">>;
/** What the workflow and scheduled-query forms send: the input of the schema that checks it. */
export type WorkflowDefinition = z.input<typeof workflowInput>;
export type ScheduledQueryDefinition = z.input<typeof scheduledQueryInput>;

/** A field of an activity type's parameters form (GET /workflows/activity-types). */
export type ConfigField = ActivityTypeView["config_fields"][number];
export type ActivityTypeList = ReplyOf<"workflows_activity_types">;
