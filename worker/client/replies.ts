// The replies both clients (the admin UI and the CLI) show, by the names they show them: each the
// output of its response schema (the API sends what its schemas parsed, defaults filled in).
// Named once here, beside the schemas, so web/ and cli/ do not write the same types twice.
import type { z } from "zod";
import type {
  activityTypeView,
  builtinToolResponse,
  meResponse,
  pluginResponse,
  reportVersion,
  roleResponse,
  scheduledQueryItem,
  scheduledQueryVersion,
  spaceResponse,
  spaceTreeResponse,
  subspaceResponse,
  toolResponse,
  toolsetResponse,
  workflowItem,
  workflowRun,
  workflowVersion,
} from "./schemas";

export type Toolset = z.output<typeof toolsetResponse>;
export type Tool = z.output<typeof toolResponse>;
/** A tool of the built-in `seizu` toolset: defined in definitions/*.yaml, run through MCP. */
export type BuiltinTool = z.output<typeof builtinToolResponse>;
/** A role: a built-in one (fixed, unversioned) or a user-defined one (versioned), see worker/roles. */
export type Role = z.output<typeof roleResponse>;
export type Me = z.output<typeof meResponse>;
/** An Agent Plugin: its current revision's manifest and skills (worker/plugins). */
export type Plugin = z.output<typeof pluginResponse>;
/** One version of a report with its config (GET /reports/{id}), see worker/reports. */
export type ReportVersion = z.output<typeof reportVersion>;
/** Spaces group public reports (worker/spaces). */
export type Space = z.output<typeof spaceResponse>;
export type Subspace = z.output<typeof subspaceResponse>;
export type SpaceTree = z.output<typeof spaceTreeResponse>;
/** Workflows and scheduled queries (worker/workflows): as listed and read, one version, a run. */
export type WorkflowItem = z.output<typeof workflowItem>;
export type WorkflowVersion = z.output<typeof workflowVersion>;
export type WorkflowRun = z.output<typeof workflowRun>;
export type ScheduledQueryItem = z.output<typeof scheduledQueryItem>;
export type ScheduledQueryVersion = z.output<typeof scheduledQueryVersion>;
/** An activity type a workflow stage can use, with the fields of its parameters (GET /workflows/activity-types). */
export type ActivityTypeView = z.output<typeof activityTypeView>;
