// The request and response schemas of the REST API by name: what worker/api.ts offers the admin
// UI and the CLI, and what npm run api:generate prints the client's types by
// (client/operations.ts reads them from here, so the list is written once: the operations
// import a resource's schema module whole, by its namespace). Every module named here must stay
// free of Worker-only code (bindings, services).
export type { Permission, RolePermission } from "../auth/permissions";
export type { FieldIssue } from "../errors/domain";
export { restoreInput, versionEntry, versionList, versionMeta } from "../kit/schemas";
export { type ParameterType, parameterTypes } from "../toolsets/parameter-types";

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
} from "../toolsets/schemas";
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
  toolsetVersionDetail,
  toolsetVersionEntry,
  toolVersionDetail,
  toolVersionEntry,
} from "../operations/responses";

// Roles and the caller.
export { createRoleInput, type RoleBody, roleBody, updateRoleInput } from "../roles/schemas";
export { meResponse, roleListResponse, roleResponse, roleVersionEntry } from "../operations/responses";

// Reports and spaces.
export { inputConfig, panelConfig, reportConfig, rowConfig } from "../reports/config";
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
} from "../reports/schemas";
export {
  createSpaceInput,
  overviewInput,
  spaceListResponse,
  spaceResponse,
  spaceTreeResponse,
  subspaceInput,
  subspaceListResponse,
  subspaceResponse,
} from "../spaces/schemas";

// Skillsets and skills.
export {
  createSkillInput,
  createSkillsetInput,
  renderInput,
  skillBody,
  skillsetBody,
  skillsetImportInput,
  skillsetVersionDetail,
  skillsetVersionEntry,
  skillVersionDetail,
  skillVersionEntry,
  updateSkillInput,
  updateSkillsetInput,
} from "../skillsets/schemas";
export {
  renderResponse,
  skillResponse,
  skillsetExportResponse,
  skillsetImportResponse,
  skillsetResponse,
} from "../operations/responses";

// Agent Plugins.
export { enabledInput, installInput, publishInput, restoreInput as pluginRestoreInput, validateInput } from "../plugins/schemas";
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
} from "../operations/responses";

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
} from "../workflows/schemas";
export { activityTypeView } from "../workflows/activities/views";

// The graph, confirmations, and the service itself.
export { cypherInput, queryInput } from "../graph/schemas";
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
} from "../operations/responses";

// The audit log.
export { type AuditEvent, auditEvent, AUDIT_KINDS, AUDIT_OUTCOMES, AUDIT_VIAS } from "../audit/event";
export { auditExportQuery, auditListQuery, auditStatsQuery } from "../audit/filters";
export { type AuditStats, auditExportResponse, auditPageResponse, auditStatsResponse } from "../audit/responses";

// Connected apps (the edge authorization server's grants).
export {
  type ConnectedApp,
  connectedApp,
  connectedAppList,
  connectedAppsQuery,
  revokeConnectedAppParams,
  CONNECTED_APPS_PAGE_MAX,
} from "../oauth/connected-app";
