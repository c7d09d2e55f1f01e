// The Worker's public surface for its clients: the request and response schemas of the REST API
// by name, and the typed client made from the operation table (client/). It is the only Worker
// module the admin UI (web/) and the CLI (cli/) may import (Biome's noRestrictedImports in
// biome.jsonc), so what they see of the Worker is this list, and a module moving inside the
// Worker is an edit of this file alone.
//
// The admin UI imports from here types, the client and a few constants. Every module named here
// must stay free of Worker-only code (bindings, services): web/tsconfig.json type-checks it
// without the Workers types, and the UI's bundle keeps only what it uses (web/vite.config.ts).
// npm run api:generate reads the names below to type the client's operations by them.

export {
  type BodyOf,
  type CallArgs,
  type CallInput,
  type Client,
  createClient,
  type Method,
  type OperationId,
  type OperationRequest,
  type ParamsOf,
  type ReplyOf,
  requestFor,
  type Send,
} from "./client/client";
export type { Permission } from "./auth/permissions";
export type { FieldIssue } from "./errors/domain";
export { restoreInput, versionEntry, versionList, versionMeta } from "./kit/schemas";
export { type ParameterType, parameterTypes } from "./toolsets/parameter-types";

// Toolsets and tools.
export {
  callInput,
  createToolInput,
  createToolsetInput,
  importInput,
  type Parameter,
  parameterSchema,
  type ToolBody,
  type ToolsetBody,
  toolBody,
  toolsetBody,
  updateToolInput,
  updateToolsetInput,
} from "./toolsets/schemas";
export {
  anyToolResponse,
  boundedResult,
  builtinToolResponse,
  callResponse,
  exportResponse,
  importResponse,
  toolListResponse,
  toolResponse,
  toolsetListResponse,
  toolsetResponse,
} from "./operations/responses";

// Roles and the caller.
export { createRoleInput, type RoleBody, roleBody, updateRoleInput } from "./roles/schemas";
export { meResponse, roleListResponse, roleResponse } from "./operations/responses";

// Reports and spaces.
export { inputConfig, panelConfig, reportConfig, rowConfig } from "./reports/config";
export {
  capabilitiesQuery,
  createReportInput,
  cloneReportInput,
  dashboardResponse,
  importReportsInput,
  pinInput,
  pinResponse,
  reportExportResponse,
  reportImportResponse,
  reportListItem,
  reportListQuery,
  reportListResponse,
  reportVersion,
  reportVersionListResponse,
  runQueryInput,
  saveVersionInput,
  setSpaceInput,
  visibilityInput,
} from "./reports/schemas";
export {
  createSpaceInput,
  overviewInput,
  spaceListResponse,
  spaceResponse,
  spaceTreeResponse,
  subspaceInput,
  subspaceListResponse,
  subspaceResponse,
} from "./spaces/schemas";

// Skillsets and skills.
export {
  createSkillInput,
  createSkillsetInput,
  renderInput,
  skillBody,
  skillsetBody,
  skillsetImportInput,
  updateSkillInput,
  updateSkillsetInput,
} from "./skillsets/schemas";
export { renderResponse, skillResponse, skillsetExportResponse, skillsetImportResponse, skillsetResponse } from "./operations/responses";

// Agent Plugins.
export { enabledInput, installInput, publishInput, restoreInput as pluginRestoreInput, validateInput } from "./plugins/schemas";
export {
  pluginDownloadResponse,
  pluginFileListResponse,
  pluginListResponse,
  pluginResponse,
  pluginRevisionListResponse,
  pluginRevisionResponse,
  pluginSkillDetailResponse,
  pluginSkillListResponse,
  pluginValidationResponse,
} from "./operations/responses";

// Workflows and scheduled queries.
export {
  activityRun,
  importOutcome,
  importSection,
  runRequested,
  type ScheduledQueryBody,
  type ScheduleSpec,
  scheduledQueryBody,
  scheduledQueryInput,
  scheduledQueryItem,
  scheduledQueryVersion,
  scheduleSpec,
  type WatchScan,
  type WorkflowBody,
  watchScan,
  workflowBody,
  workflowInput,
  workflowItem,
  workflowRun,
  workflowVersion,
} from "./workflows/schemas";
export { activityTypeView } from "./workflows/activities/views";

// The graph, confirmations, and the service itself.
export { cypherInput, queryInput } from "./graph/schemas";
export {
  clearedDenialsResponse,
  confirmationListResponse,
  confirmationResponse,
  errorResponse,
  explainResponse,
  graphSchemaResponse,
  healthResponse,
  uiConfigResponse,
  validationResponse,
} from "./operations/responses";
