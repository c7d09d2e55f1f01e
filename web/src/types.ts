// The JSON shapes of the REST API, read from the Worker's zod schemas rather than written out
// again, so the UI cannot drift from what the API sends and takes. The imports are types only:
// no zod reaches the bundle. The API sends stored definitions as their schemas parsed them
// (defaults filled in), so what the UI reads is each schema's output; what it sends is the input
// of the schema that checks it.
import type { z } from "zod";
import type {
  activityRun,
  activityTypeView,
  anyToolResponse,
  boundedResult,
  builtinToolResponse,
  callResponse,
  confirmationResponse,
  errorResponse,
  healthResponse,
  inputConfig,
  meResponse,
  panelConfig,
  ReplyOf,
  Parameter,
  Permission,
  pluginListResponse,
  pluginResponse,
  pluginRevisionListResponse,
  pluginSkillDetailResponse,
  reportConfig,
  reportListResponse,
  reportVersion,
  reportVersionListResponse,
  roleBody,
  roleListResponse,
  roleResponse,
  rowConfig,
  runRequested,
  scheduledQueryInput,
  scheduledQueryItem,
  scheduledQueryVersion,
  scheduleSpec,
  spaceListResponse,
  spaceResponse,
  spaceTreeResponse,
  subspaceResponse,
  toolBody,
  toolListResponse,
  toolResponse,
  toolsetBody,
  toolsetListResponse,
  toolsetResponse,
  uiConfigResponse,
  versionEntry,
  versionList,
  versionMeta,
  watchScan,
  workflowInput,
  workflowItem,
  workflowRun,
  workflowVersion,
} from "../../worker/api";

export type { FieldIssue, ParameterType } from "../../worker/api";
export type { Parameter, Permission };

/** A parameter's default value. */
export type Scalar = Exclude<Parameter["default"], undefined>;

export type Toolset = z.output<typeof toolsetResponse>;
export type ToolsetList = z.output<typeof toolsetListResponse>;
export type Tool = z.output<typeof toolResponse>;
/** A tool of the built-in `seizu` toolset: defined in definitions/*.yaml, run through MCP. */
export type BuiltinTool = z.output<typeof builtinToolResponse>;
export type AnyTool = z.output<typeof anyToolResponse>;
export type ToolList = z.output<typeof toolListResponse>;
/** A role: a built-in one (fixed, unversioned) or a user-defined one (versioned), see worker/roles. */
export type Role = z.output<typeof roleResponse>;
/** GET /roles: every role and the catalogue of permissions a role may grant. */
export type RoleList = z.output<typeof roleListResponse>;

/** The definitions the forms send: what create takes beside the id, what update takes beside the base version and comment. */
export type ToolsetDefinition = z.input<typeof toolsetBody>;
export type ToolDefinition = z.input<typeof toolBody>;
export type RoleDefinition = z.input<typeof roleBody>;

export const isBuiltinTool = (tool: AnyTool): tool is BuiltinTool => "built_in" in tool && tool.built_in === true;

/** One version of a resource's history; the UI shows its definition as a whole, whatever the resource. */
export type Version = z.output<ReturnType<typeof versionEntry<z.ZodUnknown>>>;
export type VersionList = z.output<ReturnType<typeof versionList<z.ZodUnknown>>>;
/** The version and authorship every versioned item carries. */
export type VersionMeta = z.output<typeof versionMeta>;

export type Me = z.output<typeof meResponse>;
export type UiConfig = z.output<typeof uiConfigResponse>;
export type Health = z.output<typeof healthResponse>;
export type ApiErrorBody = z.output<typeof errorResponse>["error"];

/** A tool call's `results`: the rows, the rows that fit with how they were cut, or a message. */
export type CallResult = z.output<typeof boundedResult>;
export type CallResponse = z.output<typeof callResponse>;
export type Row = Extract<CallResult, unknown[]>[number];

/** An action awaiting its owner's approval (GET /confirmations/{id}), see worker/confirmations/service.ts. */
export type Confirmation = z.output<typeof confirmationResponse>;

/** An Agent Plugin: its current revision's manifest and skills (worker/plugins). */
export type Plugin = z.output<typeof pluginResponse>;
export type PluginList = z.output<typeof pluginListResponse>;
export type PluginSkill = Plugin["skills"][number];
export type PluginSkillDetail = z.output<typeof pluginSkillDetailResponse>;
export type PluginRevisionList = z.output<typeof pluginRevisionListResponse>;

/** A report as listed (GET /reports) and one version of it with its config (GET /reports/{id}), see worker/reports. */
export type ReportList = z.output<typeof reportListResponse>;
export type ReportListItem = ReportList["reports"][number];
export type ReportVersion = z.output<typeof reportVersion>;
export type ReportVersionList = z.output<typeof reportVersionListResponse>;
export type ReportConfig = z.output<typeof reportConfig>;
export type ReportRow = z.output<typeof rowConfig>;
export type PanelConfig = z.output<typeof panelConfig>;
export type PanelType = PanelConfig["type"];
export type ReportInput = z.output<typeof inputConfig>;

/** Spaces group public reports (worker/spaces). */
export type Space = z.output<typeof spaceResponse>;
export type SpaceList = z.output<typeof spaceListResponse>;
export type Subspace = z.output<typeof subspaceResponse>;
export type SpaceTree = z.output<typeof spaceTreeResponse>;

/** Workflows and scheduled queries (worker/workflows): as listed and read, one version, a run and what each activity of it did. */
export type WorkflowItem = z.output<typeof workflowItem>;
export type WorkflowList = ReplyOf<"workflows_list">;
export type WorkflowVersion = z.output<typeof workflowVersion>;
export type WorkflowVersionList = ReplyOf<"workflows_versions">;
export type WorkflowRun = z.output<typeof workflowRun>;
export type WorkflowRunList = ReplyOf<"workflows_runs">;
export type ActivityRun = z.output<typeof activityRun>;
export type RunRequested = z.output<typeof runRequested>;
export type ScheduleSpec = z.output<typeof scheduleSpec>;
export type WatchScan = z.output<typeof watchScan>;
export type ScheduledQueryItem = z.output<typeof scheduledQueryItem>;
export type ScheduledQueryList = ReplyOf<"scheduled_queries_list">;
export type ScheduledQueryVersion = z.output<typeof scheduledQueryVersion>;
export type ScheduledQueryVersionList = ReplyOf<"scheduled_queries_versions">;
/** What the workflow and scheduled-query forms send: the input of the schema that checks it. */
export type WorkflowDefinition = z.input<typeof workflowInput>;
export type ScheduledQueryDefinition = z.input<typeof scheduledQueryInput>;

/** An activity type a workflow stage can use, with the fields its parameters form shows (GET /workflows/activity-types). */
export type ActivityTypeView = z.output<typeof activityTypeView>;
export type ConfigField = ActivityTypeView["config_fields"][number];
export type ActivityTypeList = ReplyOf<"workflows_activity_types">;
