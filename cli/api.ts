// The REST routes the CLI calls, as typed methods over the transport (http.ts). A reply's type
// is the output of the zod response schema the Worker declares for its route (worker/operations),
// which the Worker's tests hold every response to; replies are not parsed again here. A body's
// type is the route's input schema, except for the fields named as unchecked: those carry what
// the user gave as it is, for the server to validate and to name what is wrong.
import type { z } from "zod";
import type { Permission } from "../worker/auth/permissions";
import type { restoreInput, versionEntry } from "../worker/kit/schemas";
import type { skillsetImportInput } from "../worker/skillsets/schemas";
import type {
  builtinToolResponse,
  callResponse,
  exportResponse,
  importResponse,
  meResponse,
  pluginResponse,
  pluginRevisionResponse,
  roleResponse,
  skillsetExportResponse,
  skillsetImportResponse,
  toolResponse,
  toolsetResponse,
} from "../worker/operations/responses";
import type {
  cloneReportInput,
  createReportInput,
  importReportsInput,
  pinResponse,
  reportExportResponse,
  reportImportResponse,
  reportListItem,
  reportVersion,
  runQueryInput,
  saveVersionInput,
  setSpaceInput,
  visibilityInput,
} from "../worker/reports/schemas";
import type { createRoleInput, RoleBody, updateRoleInput } from "../worker/roles/schemas";
import type { createSpaceInput, overviewInput, spaceResponse, spaceTreeResponse, subspaceInput, subspaceResponse } from "../worker/spaces/schemas";
import type {
  callInput,
  createToolInput,
  createToolsetInput,
  importInput,
  ToolBody,
  ToolsetBody,
  updateToolInput,
  updateToolsetInput,
} from "../worker/toolsets/schemas";
import type { activityTypeView } from "../worker/workflows/activities/views";
import type {
  importOutcome,
  importSection,
  runRequested,
  ScheduledQueryBody,
  scheduledQueryInput,
  scheduledQueryItem,
  scheduledQueryVersion,
  WorkflowBody,
  workflowInput,
  workflowItem,
  workflowRun,
  workflowVersion,
} from "../worker/workflows/schemas";
import type { Send } from "./http";

export type Toolset = z.output<typeof toolsetResponse>;
export type Tool = z.output<typeof toolResponse>;
export type BuiltinTool = z.output<typeof builtinToolResponse>;
export type Role = z.output<typeof roleResponse>;
export type Plugin = z.output<typeof pluginResponse>;
export type SkillsetImportReply = z.output<typeof skillsetImportResponse>;
export type SkillsetExportReply = z.output<typeof skillsetExportResponse>;
export type PluginRevision = z.output<typeof pluginRevisionResponse>;
export type Me = z.output<typeof meResponse>;
export type CallReply = z.output<typeof callResponse>;
export type ImportReply = z.output<typeof importResponse>;
export type ExportReply = z.output<typeof exportResponse>;
export type ReportItem = z.output<typeof reportListItem>;
export type ReportVersion = z.output<typeof reportVersion>;
export type ReportImportReply = z.output<typeof reportImportResponse>;
export type ReportExportReply = z.output<typeof reportExportResponse>;
export type Space = z.output<typeof spaceResponse>;
export type Subspace = z.output<typeof subspaceResponse>;
export type SpaceTree = z.output<typeof spaceTreeResponse>;
export type WorkflowItem = z.output<typeof workflowItem>;
export type WorkflowVersion = z.output<typeof workflowVersion>;
export type WorkflowRun = z.output<typeof workflowRun>;
export type RunRequested = z.output<typeof runRequested>;
export type ScheduledQueryItem = z.output<typeof scheduledQueryItem>;
export type ScheduledQueryVersion = z.output<typeof scheduledQueryVersion>;
export type ScheduledQueryRunRequested = { scheduled_query_id: string; run_requested_at: string };
/** An activity type with the fields of its parameters (GET /workflows/activity-types). */
export type ActivityTypeView = z.output<typeof activityTypeView>;
/** A seed section's import: the names of the entries created, updated and left alone. */
export type SectionImportReply = z.output<typeof importOutcome>;
/** One entry of a resource's history (versionEntry), recording a definition of type `Definition`. */
export type Version<Definition> = Omit<z.output<ReturnType<typeof versionEntry>>, "definition"> & { definition: Definition };

/** A body as the CLI sends it: the route's input, with the `Unchecked` fields as the user gave them. */
type Body<S extends z.ZodType, Unchecked extends keyof z.input<S> = never> = { [K in keyof z.input<S>]: K extends Unchecked ? unknown : z.input<S>[K] };

/** The fields an update changes: its body without what update() adds, the base version and the comment. */
type Changes<S extends z.ZodType, Unchecked extends keyof z.input<S> = never> = Omit<Body<S, Unchecked>, "base_version" | "comment">;

/** A query string of the parameters that are set ("" for none). */
function query(parameters: Record<string, string | undefined>) {
  const set = Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return set.length > 0 ? `?${new URLSearchParams(set)}` : "";
}

/** A path segment for an id typed by the user: ids never need escaping, bad input still must. */
const segment = (value: string) => encodeURIComponent(value);

const toolsetPath = (id: string) => `/toolsets/${segment(id)}`;
const toolsPath = (toolsetId: string) => `${toolsetPath(toolsetId)}/tools`;
const toolPath = (toolsetId: string, id: string) => `${toolsPath(toolsetId)}/${segment(id)}`;
const rolePath = (id: string) => `/roles/${segment(id)}`;
const reportPath = (id: string) => `/reports/${segment(id)}`;
const spacePath = (id: string) => `/spaces/${segment(id)}`;
const subspacePath = (spaceId: string, id: string) => `${spacePath(spaceId)}/subspaces/${segment(id)}`;
const pluginPath = (id: string) => `/plugins/${segment(id)}`;
const workflowPath = (id: string) => `/workflows/${segment(id)}`;
const scheduledQueryPath = (id: string) => `/scheduled-queries/${segment(id)}`;

/**
 * A workflow's or scheduled query's definition as the user wrote it (a file): the server
 * validates it whole (schema, activity parameters, Cypher) and names each problem.
 */
type Definition<Input extends { comment?: string | undefined; base_version?: number | undefined }> = {
  [K in Exclude<keyof Input, "comment" | "base_version">]?: unknown;
} & Pick<Input, "comment" | "base_version">;

/** The history every versioned resource keeps under its item path: its versions (versionList), one version, and restoring one. */
export interface History<Ids extends string[], Definition, Reply> {
  versions(ids: Ids): Promise<{ versions: Version<Definition>[] }>;
  version(ids: Ids, version: number): Promise<Version<Definition>>;
  restore(ids: Ids, version: number): Promise<Reply>;
}

function history<Ids extends string[], Definition, Reply>(send: Send, path: (...ids: Ids) => string): History<Ids, Definition, Reply> {
  const versions = (ids: Ids) => `${path(...ids)}/versions`;
  return {
    versions: (ids) => send("GET", versions(ids)),
    version: (ids, version) => send("GET", `${versions(ids)}/${version}`),
    restore: (ids, version) => send("POST", `${versions(ids)}/${version}/restore`, {} satisfies Body<typeof restoreInput>),
  };
}

export function createApi(send: Send) {
  /**
   * A change based on the version read here: the server refuses (409) a change whose base is
   * no longer current, so someone else's change in between is not silently overwritten. A
   * built-in has no version: its change goes without one, and the server refuses it.
   */
  async function update<Reply>(path: string, changes: object, comment: string | undefined) {
    // Only the version is read, which every resource's reply has (or, a built-in, lacks).
    const current = await send<{ version?: number }>("GET", path);
    return send<Reply>("PATCH", path, { ...changes, base_version: current.version, comment });
  }

  return {
    toolsets: {
      list: () => send<{ toolsets: Toolset[] }>("GET", "/toolsets"),
      get: (id: string) => send<Toolset>("GET", toolsetPath(id)),
      create: (body: Body<typeof createToolsetInput>) => send<Toolset>("POST", "/toolsets", body),
      update: (id: string, changes: Changes<typeof updateToolsetInput>, comment: string | undefined) => update<Toolset>(toolsetPath(id), changes, comment),
      delete: (id: string) => send<null>("DELETE", toolsetPath(id)),
      ...history<[id: string], ToolsetBody, Toolset>(send, toolsetPath),
      /** Every user-defined toolset with its tools; built-ins are not the seed file's to define. */
      export: () => send<ExportReply>("GET", "/toolsets/export"),
      /** The seed file's toolsets, validated by the server as a whole, then all written or none. */
      import: (body: Body<typeof importInput, "toolsets">) => send<ImportReply>("POST", "/toolsets/import", body),
    },
    tools: {
      list: (toolsetId: string) => send<{ tools: (Tool | BuiltinTool)[] }>("GET", toolsPath(toolsetId)),
      get: (toolsetId: string, id: string) => send<Tool | BuiltinTool>("GET", toolPath(toolsetId, id)),
      create: (toolsetId: string, body: Body<typeof createToolInput, "parameters">) => send<Tool>("POST", toolsPath(toolsetId), body),
      update: (toolsetId: string, id: string, changes: Changes<typeof updateToolInput, "parameters">, comment: string | undefined) =>
        update<Tool>(toolPath(toolsetId, id), changes, comment),
      delete: (toolsetId: string, id: string) => send<null>("DELETE", toolPath(toolsetId, id)),
      ...history<[toolsetId: string, id: string], ToolBody, Tool>(send, toolPath),
      call: (toolsetId: string, id: string, body: Body<typeof callInput>) => send<CallReply>("POST", `${toolPath(toolsetId, id)}/call`, body),
    },
    roles: {
      /** The built-in and user-defined roles, and the catalogue of permissions a role can grant. */
      list: () => send<{ roles: Role[]; permissions: Permission[] }>("GET", "/roles"),
      get: (id: string) => send<Role>("GET", rolePath(id)),
      create: (body: Body<typeof createRoleInput, "permissions">) => send<Role>("POST", "/roles", body),
      update: (id: string, changes: Changes<typeof updateRoleInput, "permissions">, comment: string | undefined) =>
        update<Role>(rolePath(id), changes, comment),
      delete: (id: string) => send<null>("DELETE", rolePath(id)),
      ...history<[id: string], RoleBody, Role>(send, rolePath),
    },
    reports: {
      /** One page of the reports, by name (the server's default: page 1, 100 a page). */
      list: (page?: number, perPage?: number) => {
        const query = new URLSearchParams({ ...(page ? { page: String(page) } : {}), ...(perPage ? { per_page: String(perPage) } : {}) }).toString();
        return send<{ reports: ReportItem[] }>("GET", `/reports${query ? `?${query}` : ""}`);
      },
      get: (id: string) => send<ReportVersion>("GET", reportPath(id)),
      dashboard: () => send<ReportVersion>("GET", "/reports/dashboard"),
      create: (body: Body<typeof createReportInput>) => send<ReportItem>("POST", "/reports", body),
      /** A whole config as the next version; its content is the server's to validate. */
      save: (id: string, body: Body<typeof saveVersionInput, "config">) => send<ReportVersion>("POST", `${reportPath(id)}/versions`, body),
      versions: (id: string) => send<{ versions: ReportVersion[] }>("GET", `${reportPath(id)}/versions`),
      version: (id: string, version: number) => send<ReportVersion>("GET", `${reportPath(id)}/versions/${version}`),
      restore: (id: string, version: number) =>
        send<ReportVersion>("POST", `${reportPath(id)}/versions/${version}/restore`, {} satisfies Body<typeof restoreInput>),
      clone: (id: string, body: Body<typeof cloneReportInput>) => send<ReportItem>("POST", `${reportPath(id)}/clone`, body),
      visibility: (id: string, body: Body<typeof visibilityInput>) => send<ReportItem>("PUT", `${reportPath(id)}/visibility`, body),
      pin: (id: string, pinned: boolean) => send<z.output<typeof pinResponse>>("PUT", `${reportPath(id)}/pin`, { pinned }),
      setDashboard: (id: string) => send<{ report_id: string }>("PUT", `${reportPath(id)}/dashboard`),
      file: (id: string, body: Body<typeof setSpaceInput>) => send<ReportItem>("PUT", `${reportPath(id)}/space`, body),
      delete: (id: string) => send<null>("DELETE", reportPath(id)),
      query: (body: Body<typeof runQueryInput>) => send<CallReply>("POST", "/query/report", body),
      export: () => send<ReportExportReply>("GET", "/reports/export"),
      /** The seed file's reports, validated by the server as a whole, then all written or none. */
      import: (body: Body<typeof importReportsInput, "reports">) => send<ReportImportReply>("POST", "/reports/import", body),
    },
    spaces: {
      list: () => send<{ spaces: Space[] }>("GET", "/spaces"),
      get: (id: string) => send<Space>("GET", spacePath(id)),
      tree: (id: string) => send<SpaceTree>("GET", `${spacePath(id)}/tree`),
      create: (body: Body<typeof createSpaceInput>) => send<Space>("POST", "/spaces", body),
      update: (id: string, body: Body<typeof createSpaceInput>) => send<Space>("PUT", spacePath(id), body),
      overview: (id: string, body: Body<typeof overviewInput>) => send<Space>("PUT", `${spacePath(id)}/overview`, body),
      delete: (id: string) => send<null>("DELETE", spacePath(id)),
      subspaces: (id: string) => send<{ subspaces: Subspace[] }>("GET", `${spacePath(id)}/subspaces`),
      createSubspace: (id: string, body: Body<typeof subspaceInput>) => send<Subspace>("POST", `${spacePath(id)}/subspaces`, body),
      updateSubspace: (id: string, subspaceId: string, body: Body<typeof subspaceInput>) => send<Subspace>("PUT", subspacePath(id, subspaceId), body),
      deleteSubspace: (id: string, subspaceId: string) => send<null>("DELETE", subspacePath(id, subspaceId)),
    },
    skillsets: {
      /** Every skillset with its skills, in the seed file's shape. */
      export: () => send<SkillsetExportReply>("GET", "/skillsets/export"),
      /** The seed file's skillsets, validated by the server as a whole, then all written or none. */
      import: (body: Body<typeof skillsetImportInput, "skillsets">) => send<SkillsetImportReply>("POST", "/skillsets/import", body),
    },
    plugins: {
      list: () => send<{ plugins: Plugin[] }>("GET", "/plugins"),
      get: (id: string) => send<Plugin>("GET", pluginPath(id)),
      /** The zip goes as application/zip (up to the 10 MiB package limit, beyond what base64 in JSON holds). */
      install: (zip: Uint8Array, comment: string | undefined) => send<Plugin>("POST", `/plugins/install${query({ comment })}`, zip),
      /** A new revision based on the one read here: a publish in between makes the server refuse it (409). */
      publish: async (id: string, zip: Uint8Array, comment: string | undefined) => {
        const current = await send<Plugin>("GET", pluginPath(id));
        return send<Plugin>("POST", `${pluginPath(id)}/publish${query({ base_revision: String(current.revision), comment })}`, zip);
      },
      setEnabled: (id: string, enabled: boolean) => send<Plugin>("PATCH", pluginPath(id), { enabled }),
      delete: (id: string) => send<null>("DELETE", pluginPath(id)),
      versions: (id: string) => send<{ versions: PluginRevision[] }>("GET", `${pluginPath(id)}/versions`),
    },
    workflows: {
      list: () => send<{ workflows: WorkflowItem[] }>("GET", "/workflows"),
      get: (id: string) => send<WorkflowItem>("GET", workflowPath(id)),
      create: (body: Definition<z.input<typeof workflowInput>>) => send<WorkflowItem>("POST", "/workflows", body),
      /** A whole definition as the next version, based on `base_version` (409 when it is no longer current). */
      replace: (id: string, body: Definition<z.input<typeof workflowInput>>) => send<WorkflowItem>("PUT", workflowPath(id), body),
      delete: (id: string) => send<null>("DELETE", workflowPath(id)),
      versions: (id: string) => send<{ versions: WorkflowVersion[] }>("GET", `${workflowPath(id)}/versions`),
      version: (id: string, version: number) => send<WorkflowVersion>("GET", `${workflowPath(id)}/versions/${version}`),
      /** Requests a run now (even while disabled); the reply names the run it starts. */
      run: (id: string) => send<RunRequested>("POST", `${workflowPath(id)}/run`, {}),
      runs: (id: string) => send<{ runs: WorkflowRun[] }>("GET", `${workflowPath(id)}/runs`),
      getRun: (id: string, runId: string) => send<WorkflowRun>("GET", `${workflowPath(id)}/runs/${segment(runId)}`),
      activityTypes: () => send<{ activity_types: ActivityTypeView[] }>("GET", "/workflows/activity-types"),
      /** Every workflow's definition (kind workflow), by name, in the seed file's shape. */
      export: () => send<{ workflows: WorkflowBody[] }>("GET", "/workflows/export"),
      /** The seed file's workflows, validated by the server as a whole, then all written or none. */
      import: (body: Body<ReturnType<typeof importSection<"workflows">>>) => send<SectionImportReply>("POST", "/workflows/import", body),
    },
    scheduledQueries: {
      list: () => send<{ scheduled_queries: ScheduledQueryItem[] }>("GET", "/scheduled-queries"),
      get: (id: string) => send<ScheduledQueryItem>("GET", scheduledQueryPath(id)),
      create: (body: Definition<z.input<typeof scheduledQueryInput>>) => send<ScheduledQueryItem>("POST", "/scheduled-queries", body),
      replace: (id: string, body: Definition<z.input<typeof scheduledQueryInput>>) => send<ScheduledQueryItem>("PUT", scheduledQueryPath(id), body),
      delete: (id: string) => send<null>("DELETE", scheduledQueryPath(id)),
      versions: (id: string) => send<{ versions: ScheduledQueryVersion[] }>("GET", `${scheduledQueryPath(id)}/versions`),
      version: (id: string, version: number) => send<ScheduledQueryVersion>("GET", `${scheduledQueryPath(id)}/versions/${version}`),
      run: (id: string) => send<ScheduledQueryRunRequested>("POST", `${scheduledQueryPath(id)}/run`, {}),
      runs: (id: string) => send<{ runs: WorkflowRun[] }>("GET", `${scheduledQueryPath(id)}/workflow-runs`),
      getRun: (id: string, runId: string) => send<WorkflowRun>("GET", `${scheduledQueryPath(id)}/workflow-runs/${segment(runId)}`),
      export: () => send<{ scheduled_queries: ScheduledQueryBody[] }>("GET", "/scheduled-queries/export"),
      import: (body: Body<ReturnType<typeof importSection<"scheduled_queries">>>) => send<SectionImportReply>("POST", "/scheduled-queries/import", body),
    },
    /** The caller as the server sees them. */
    me: () => send<Me>("GET", "/me"),
  };
}

export type Api = ReturnType<typeof createApi>;
