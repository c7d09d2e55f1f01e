// Response shapes of the REST API as zod schemas: they document the API (OpenAPI), type what
// operations return, and the web UI and the CLI read their types from them. The web UI imports
// this module's types only, so what it imports must stay free of Worker-only code (bindings,
// services): web/tsconfig.json type-checks it without the Workers types.
import { z } from "zod";
import { PERMISSIONS } from "../auth/permissions";
import { ERROR_CODES } from "../errors/codes";
import { fieldIssue } from "../errors/domain";
import { flatVersionEntry, versionEntry, versionMeta } from "../kit/schemas";
import { roleBody } from "../roles/schemas";
import { skillBody, skillsetBody, skillsetDocument } from "../skillsets/schemas";
import { toolBody, toolsetBody, toolsetDocument } from "../toolsets/schemas";
import { userView } from "../users/schemas";

/** Upstream Seizu's name of `version`, given beside it. */
const currentVersion = { current_version: z.number().int().describe("The version, as upstream Seizu names it") };

export const toolsetResponse = toolsetBody
  .extend({
    id: z.string(),
    toolset_id: z.string().describe("The id, as upstream Seizu names it"),
    built_in: z.boolean().describe("The built-in `seizu` toolset: read-only"),
  })
  .extend(versionMeta.partial().shape)
  .extend(z.object(currentVersion).partial().shape);
export const toolResponse = toolBody
  .extend({
    id: z.string(),
    tool_id: z.string().describe("The id, as upstream Seizu names it"),
    toolset_id: z.string(),
    mcp_name: z.string().describe("{toolset_id}__{tool_id}"),
  })
  .extend(versionMeta.partial().shape)
  .extend(z.object(currentVersion).partial().shape);

export const builtinToolResponse = z.object({
  id: z.string(),
  tool_id: z.string(),
  toolset_id: z.literal("seizu"),
  mcp_name: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  built_in: z.literal(true),
  group: z.string(),
  operation: z.string().describe("operationId of the REST operation the tool runs"),
  permission: z.string().nullable(),
  annotations: z.record(z.string(), z.boolean()),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        type: z.string().describe('JSON Schema type in words: string, array of string, "a" | "b"'),
        required: z.boolean(),
        description: z.string(),
      }),
    )
    .describe("The MCP tool's arguments, from its input schema"),
  requires_confirmation: z.boolean().describe("Calls wait for a person's approval (action confirmations)"),
});

export const toolsetListResponse = z.object({ toolsets: z.array(toolsetResponse) });
/** A tool of a user-defined toolset, or of the built-in one. */
export const anyToolResponse = z.union([toolResponse, builtinToolResponse]);
export const toolListResponse = z.object({ tools: z.array(anyToolResponse) });

/** The read-only `seizu` toolset and its tools, as the built-in catalogue gives them. */
export type BuiltinToolsetView = z.input<typeof toolsetResponse>;
export type BuiltinToolView = z.input<typeof builtinToolResponse>;

export const skillsetResponse = skillsetBody
  .extend({ id: z.string(), skillset_id: z.string().describe("The id, as upstream Seizu names it") })
  .extend(versionMeta.shape)
  .extend(currentVersion);
export const skillResponse = skillBody
  .extend({
    id: z.string(),
    skill_id: z.string().describe("The id, as upstream Seizu names it"),
    skillset_id: z.string(),
    prompt_name: z.string().describe("{skillset_id}__{skill_id}, its MCP prompt name"),
  })
  .extend(versionMeta.shape)
  .extend(currentVersion);
/** What importing a set of parents with their children answers: an entry per parent and child, by kind. */
const treeImportResponse = <const K extends readonly [string, string], I extends z.core.$ZodShape>(kinds: K, ids: I) =>
  z.object({
    dry_run: z.boolean(),
    entries: z.array(z.object({ kind: z.enum(kinds), ...ids, action: z.enum(["created", "updated", "unchanged"]) })),
  });
export const skillsetImportResponse = treeImportResponse(["skillset", "skill"], { skillset_id: z.string(), skill_id: z.string().optional() }).extend({
  warnings: z
    .array(z.object({ field: z.string(), rule: z.string(), message: z.string() }))
    .describe("What was written but does not work here: each of upstream Seizu's chat-only tools a skill requires"),
});
export const skillsetExportResponse = z.object({ skillsets: skillsetDocument });
export const renderResponse = z.object({ text: z.string().describe("The skill's template with the arguments substituted") });

export const pluginSkillResponse = z.object({
  name: z.string(),
  description: z.string(),
  path: z.string().describe("skills/<name>/SKILL.md"),
  allowed_tools: z.array(z.string()).describe("The frontmatter's allowed-tools, as the package declares them (informational)"),
  enabled: z.boolean(),
  prompt_name: z.string().describe("{plugin_id}__{name}, its MCP prompt name"),
});
export const pluginFile = z.object({ path: z.string(), size: z.number().int(), digest: z.string().describe("SHA-256 of the content") });
export const pluginResponse = z.object({
  id: z.string(),
  name: z.string(),
  package_version: z.string().nullable(),
  description: z.string(),
  enabled: z.boolean(),
  revision: z.number().int().describe("Current revision; send it back as base_revision to publish or restore"),
  manifest: z.record(z.string(), z.unknown()).describe("plugin.json of the current revision"),
  content_digest: z.string(),
  package_digest: z.string(),
  skills: z.array(pluginSkillResponse),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export const pluginListResponse = z.object({ plugins: z.array(pluginResponse) });
export const pluginSkillListResponse = z.object({ skills: z.array(pluginSkillResponse) });
export const pluginSkillDetailResponse = pluginSkillResponse.extend({
  content: z.string().describe("SKILL.md as packaged"),
  body: z.string().describe("SKILL.md's markdown after its frontmatter"),
});
export const pluginRevisionResponse = z.object({
  revision: z.number().int(),
  name: z.string(),
  package_version: z.string().nullable(),
  description: z.string(),
  author: z.string(),
  created_at: z.string(),
  comment: z.string(),
  content_digest: z.string(),
  package_digest: z.string(),
  package_size: z.number().int(),
  file_count: z.number().int(),
  skills: z.array(z.string()),
});
export const pluginRevisionListResponse = z.object({ versions: z.array(pluginRevisionResponse) });
export const pluginFileListResponse = z.object({ files: z.array(pluginFile) });
export const pluginValidationResponse = z.object({
  valid: z.literal(true),
  plugin_id: z.string(),
  name: z.string(),
  package_version: z.string().nullable(),
  content_digest: z.string(),
  skills: z.array(z.string()),
  files: z.array(pluginFile),
});
/** One file of a revision, as upstream Seizu's PluginFileContent. */
export const pluginFileContentResponse = z.object({
  path: z.string(),
  media_type: z.string(),
  content_base64: z.string(),
  executable: z.boolean().describe("Always false: packages keep no execute bits here"),
  etag: z.string().describe("The content's SHA-256, quoted"),
});
export const pluginDownloadResponse = z.object({
  revision: z.number().int(),
  package_digest: z.string(),
  package_size: z.number().int(),
  package_base64: z.string().describe("The zip as installed or published, base64-encoded"),
});

const row = z.record(z.string(), z.unknown());
export const boundedResult = z.union([
  z.array(row).describe("Every row, when within MCP_TOOL_RESULT_MAX_ROWS and MCP_TOOL_RESULT_MAX_BYTES"),
  z
    .object({
      truncated: z.literal(true),
      truncated_reasons: z.array(z.enum(["row_limit", "byte_limit"])),
      returned: z.number().int(),
      total_rows_at_least: z.number().int(),
      max_rows: z.number().int(),
      max_bytes: z.number().int(),
      rows: z.array(row),
    })
    .describe("The rows that fit, when a bound was reached"),
  z.string().describe("A fixed message when not even one row fits"),
]);
export const callResponse = z.object({ results: boundedResult });

export const importResponse = treeImportResponse(["toolset", "tool"], { toolset_id: z.string(), tool_id: z.string().optional() });
export const exportResponse = z.object({ toolsets: toolsetDocument });

export const roleResponse = roleBody
  .extend({
    id: z.string(),
    role_id: z.string().describe("The id as upstream Seizu names it: a built-in role's is builtin:seizu-viewer, ..."),
    built_in: z.boolean(),
  })
  .extend(versionMeta.partial().shape)
  .extend(currentVersion);
/** Every role, built-in and user-defined, and the catalogue of permissions a role may grant. */
export const roleListResponse = z.object({ roles: z.array(roleResponse), permissions: z.array(z.enum(PERMISSIONS)) });
export const meResponse = z.object({
  subject: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.enum(PERMISSIONS)),
  user: userView.describe("The caller as upstream Seizu's `User`"),
});

const issue = z.object({ rule: z.string(), message: z.string(), line: z.number().int(), column: z.number().int(), offset: z.number().int() });
const notification = z.record(z.string(), z.unknown());
const plan = z.record(z.string(), z.unknown()).describe("The plan tree: operatorType, arguments (EstimatedRows, Details, ...), identifiers, children");

export const graphSchemaResponse = z.object({
  labels: z.array(z.string()),
  relationship_types: z.array(z.string()),
  property_keys: z.array(z.string()),
  indexes: z.array(z.record(z.string(), z.unknown())),
});
export const validationResponse = z.union([
  z.object({ valid: z.literal(true), parameters: z.array(z.string()), notifications: z.array(notification) }),
  z.object({ valid: z.literal(false), errors: z.array(issue) }),
]);
/** POST /validate, as upstream Seizu answers it. */
export const upstreamValidationResponse = z.object({
  errors: z.array(z.string()).describe("Why the query is refused; empty when it is valid"),
  warnings: z.array(z.string()).describe("Neo4j's notifications about a valid query"),
});
/** POST /query/adhoc, as upstream Seizu answers it. */
export const upstreamQueryResponse = z.object({
  results: z.array(row).describe("The rows that fit within MCP_TOOL_RESULT_MAX_ROWS and MCP_TOOL_RESULT_MAX_BYTES"),
  errors: z.array(z.string()),
  warnings: z.array(z.string()).describe("Says so when a bound cut the rows"),
  history_id: z.string().describe("The caller's query history entry of this query (GET /query-history/{history_id})"),
});
export const explainResponse = z.object({ plan, notifications: z.array(notification) });

export const confirmationResponse = z.object({
  id: z.string(),
  status: z.enum(["pending", "approved", "denied", "consumed"]),
  tool: z.string(),
  title: z.string().describe("The tool's title: what the action does"),
  target: z.string().describe("The operation's path with its ids: what the approval is scoped to"),
  target_name: z.string().describe('The target as a person knows it: workflow "Nightly CVEs", tool demo/count_nodes'),
  arguments: z.record(z.string(), z.unknown()),
  session: z.string().describe("The session the approval belongs to (the digest of the bearer token; without sign-in, the MCP client's)"),
  client: z.string().describe("The MCP client that asked: its clientInfo name and version, else its User-Agent"),
  created_at: z.string(),
  expires_at: z.string(),
  decided_via: z.enum(["url", "form", "client"]).nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  url: z.string(),
});

/** POST /confirmations/{id}/decision answers as upstream Seizu: the confirmation, with upstream's fields too. */
export const confirmationDecisionResponse = z.object({
  confirmation: confirmationResponse.extend({
    confirmation_id: z.string(),
    confirmation_url: z.string(),
    tool_name: z.string(),
    action: z.string().describe("What the tool does to its resource, as upstream names it: create, update, delete, run, ..."),
    resource_type: z.string().describe("toolset, tool, report, role, ..."),
    resource_id: z.string().describe("The resource's id, else its name, else new"),
  }),
});

export const confirmationListResponse = z.object({
  confirmations: z.array(confirmationResponse).describe("The caller's unexpired confirmations, pending first, then newest first (at most 200)"),
  sessions: z
    .array(
      z.object({
        session: z.string(),
        client: z.string().describe("The client of the session's latest confirmation"),
        denials: z.number().int().describe("Unexpired denials, which count towards the limit"),
        limit: z.number().int().describe("ACTION_CONFIRMATION_SESSION_DENIAL_LIMIT"),
        blocked: z.boolean().describe("Whether prompts have stopped in this session"),
      }),
    )
    .describe("The caller's sessions that hold unexpired denials"),
});

export const clearedDenialsResponse = z.object({
  session: z.string(),
  cleared: z.number().int().describe("How many denials were forgotten"),
});

/** Every error of the REST API. */
export const errorResponse = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.array(fieldIssue).optional().describe("validation_failed: each field and the rule it breaks"),
    permission: z.string().optional().describe("forbidden: the permission the caller lacks"),
    neo4j_code: z.string().optional().describe("Neo4j's status code, for errors Neo4j reported"),
    plan_rejection: z.record(z.string(), z.unknown()).optional().describe("plan_rejected: the plan, its estimated rows and its scans"),
    limit: z.enum(["calls", "writes"]).optional().describe("rate_limited: the budget the caller spent"),
    retry_after_seconds: z.number().int().optional().describe("rate_limited: when to try again (also the Retry-After header)"),
  }),
});

export { healthResponse, uiConfigResponse } from "./unlisted-responses";

/** One version of each kit resource, named so the client's types name them once (skillsets' in skillsets/schemas.ts). */
export const toolsetVersionEntry = versionEntry(toolsetBody);
export const toolVersionEntry = versionEntry(toolBody);
export const roleVersionEntry = versionEntry(roleBody);
const id = z.string();
/** One version of a toolset or tool as upstream Seizu answers it (the versions/{n} routes). */
export const toolsetVersionDetail = flatVersionEntry(toolsetBody, { toolset_id: id });
export const toolVersionDetail = flatVersionEntry(toolBody, { toolset_id: id, tool_id: id });
