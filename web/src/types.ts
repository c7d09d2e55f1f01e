// The JSON shapes of the REST API (worker/toolsets/views.ts, worker/errors.ts, worker/api/*).

export type ParameterType = "string" | "integer" | "float" | "boolean";
export const PARAMETER_TYPES: ParameterType[] = ["string", "integer", "float", "boolean"];

export type Scalar = string | number | boolean | null;

export interface Parameter {
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
  default?: Scalar;
}

/** The built-in `seizu` toolset and its tools are not versioned and carry none of these. */
interface Versioned {
  version: number;
  created_at?: string;
  created_by?: string;
  updated_at?: string;
  updated_by?: string;
}

export interface Toolset extends Versioned {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  built_in: boolean;
}

export interface Tool extends Versioned {
  id: string;
  toolset_id: string;
  mcp_name: string;
  name: string;
  description: string;
  cypher: string;
  parameters: Parameter[];
  enabled: boolean;
}

/** A tool of the built-in `seizu` toolset: defined in definitions/*.yaml, run through MCP. */
export interface BuiltinTool {
  id: string;
  toolset_id: string;
  mcp_name: string;
  name: string;
  description: string;
  enabled: boolean;
  built_in: true;
  group: string;
  operation: string;
  permission: string | null;
  annotations: Record<string, boolean>;
  /** The MCP tool's arguments, from its input schema; `type` is the JSON Schema type in words. */
  parameters: { name: string; type: string; required: boolean; description: string }[];
  /** Calls wait for a person's approval (the confirmation gate). */
  requires_confirmation: boolean;
}

export type AnyTool = Tool | BuiltinTool;

/** A role: a built-in one (fixed, unversioned) or a user-defined one (versioned), see worker/roles. */
export interface Role extends Partial<Versioned> {
  id: string;
  description: string;
  permissions: string[];
  built_in: boolean;
}

/** GET /roles: every role and the catalogue of permissions a role may grant. */
export interface RoleList {
  roles: Role[];
  permissions: string[];
}
export const isBuiltinTool = (tool: AnyTool): tool is BuiltinTool => "built_in" in tool && tool.built_in === true;

export interface Version<T = Record<string, unknown>> {
  version: number;
  author: string;
  created_at: string;
  comment: string | null | undefined;
  definition: T;
}

export interface FieldIssue {
  field: string;
  rule?: string;
  message: string;
  line?: number;
  column?: number;
  offset?: number;
}

export interface Me {
  subject: string;
  roles: string[];
  permissions: string[];
}

export interface UiConfig {
  require_auth: boolean;
  oidc_authority: string | null;
  oidc_client_id: string | null;
}

export type Row = Record<string, unknown>;

export interface TruncatedResult {
  truncated: true;
  truncated_reasons: ("row_limit" | "byte_limit")[];
  returned: number;
  total_rows?: number;
  total_rows_at_least?: number;
  max_rows: number;
  max_bytes: number;
  rows: Row[];
}

/** A tool call's `results`: the rows, the rows that fit with how they were cut, or a message. */
export type CallResult = Row[] | TruncatedResult | string;

export interface Health {
  status: string;
  checks: Record<string, { ok: boolean; latency_ms?: number; error?: string }>;
}

export type ConfirmationStatus = "pending" | "approved" | "denied" | "consumed";

/** An action awaiting its owner's approval (GET /confirmations/{id}), see worker/confirmations/service.ts. */
export interface Confirmation {
  id: string;
  status: ConfirmationStatus;
  tool: string;
  target: string;
  arguments: Record<string, unknown>;
  created_at: string;
  expires_at: string;
  decided_via: "url" | "form" | "client" | null;
  url: string;
}
