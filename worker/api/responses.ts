// Response shapes of the REST API as zod schemas: they document the API (OpenAPI) and type
// the views that produce them.
import { z } from "zod";
import { PERMISSIONS } from "../auth/permissions";
import { roleBody } from "../roles/schemas";
import { toolBody, toolsetBody, toolsetDocument } from "../toolsets/schemas";

export const versionMeta = z.object({
  version: z.number().int().describe("Current version; send it back as base_version when changing the resource"),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
});

export const toolsetResponse = toolsetBody
  .extend({ id: z.string(), built_in: z.boolean().describe("The built-in `seizu` toolset: read-only") })
  .extend(versionMeta.partial().shape);
export const toolResponse = toolBody
  .extend({ id: z.string(), toolset_id: z.string(), mcp_name: z.string().describe("{toolset_id}__{tool_id}") })
  .extend(versionMeta.partial().shape);

export const builtinToolResponse = z.object({
  id: z.string(),
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

export const versionEntry = <T extends z.ZodType>(definition: T) =>
  z.object({ version: z.number().int(), author: z.string(), created_at: z.string(), comment: z.string(), definition });
export const versionList = <T extends z.ZodType>(definition: T) => z.object({ versions: z.array(versionEntry(definition)) });

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

export const importResponse = z.object({
  dry_run: z.boolean(),
  entries: z.array(
    z.object({
      kind: z.enum(["toolset", "tool"]),
      toolset_id: z.string(),
      tool_id: z.string().optional(),
      action: z.enum(["created", "updated", "unchanged"]),
    }),
  ),
});
export const exportResponse = z.object({ toolsets: toolsetDocument });

export const roleResponse = roleBody.extend({ id: z.string(), built_in: z.boolean() }).extend(versionMeta.partial().shape);
export const meResponse = z.object({ subject: z.string(), roles: z.array(z.string()), permissions: z.array(z.enum(PERMISSIONS)) });
