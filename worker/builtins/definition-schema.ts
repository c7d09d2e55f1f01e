// The format of definitions/<group>.yaml (one file per built-in tool group): which REST
// operations are exposed as MCP tools, with what permission, annotations and wording. Strict:
// an unknown key is an error, so a typo cannot silently change what a tool does.
import { z } from "zod";
import { permissionSchema } from "../auth/permissions";

const annotations = z
  .object({
    readOnly: z.boolean(),
    destructive: z.boolean(),
    idempotent: z.boolean(),
    openWorld: z.boolean().optional(),
  })
  .strict();

const fieldList = z.array(z.string().min(1));

export const toolDefinition = z
  .object({
    operation: z.string().min(1).describe("operationId of the REST operation the tool runs"),
    enabled: z.boolean(),
    scopes: z.array(permissionSchema).optional().describe("The operation's permission; required when enabled"),
    annotations: annotations.optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    list: z.boolean().optional().describe("The operation returns a list: response include/exclude apply to each item, and the result limits cut it"),
    list_key: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
      .optional()
      .describe("The result's list field, or its list fields, when it has several: the ones the result limits cut"),
    include_params: fieldList.optional(),
    exclude_params: fieldList.optional(),
    param_overrides: z.record(z.string(), z.object({ description: z.string().optional() }).strict()).optional(),
    param_renames: z
      .record(z.string(), z.string().regex(/^[a-z][a-z0-9_]*$/, "must be a lower_snake_case argument name"))
      .optional()
      .describe("The MCP argument name of an operation field, where the tool's name for it differs from the REST API's: {operation field: argument}"),
    response: z
      .object({ include: fieldList.optional(), exclude: fieldList.optional() })
      .strict()
      .refine((response) => !(response.include && response.exclude), "include and exclude are mutually exclusive")
      .optional(),
    requires_confirmation: z.boolean().optional().describe("Ask a person to approve each call (default: true unless annotations.readOnly)"),
    confirmed_action: z
      .object({ message: z.string().min(1), action_label: z.string().optional() })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((tool, ctx) => {
    if (tool.include_params && tool.exclude_params)
      ctx.addIssue({ code: "custom", path: ["include_params"], message: "include_params and exclude_params are mutually exclusive" });
    if (tool.list_key && !tool.list) ctx.addIssue({ code: "custom", path: ["list_key"], message: "applies only with list: true" });
    if (!tool.enabled) return;
    if (!tool.scopes) ctx.addIssue({ code: "custom", path: ["scopes"], message: "is required when enabled" });
    if (!tool.annotations) ctx.addIssue({ code: "custom", path: ["annotations"], message: "is required when enabled" });
  });
export type ToolDefinition = z.output<typeof toolDefinition>;

export const definitionFile = z
  .object({
    category: z.string().min(1),
    feature: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be the group name in lower_snake_case"),
    tools: z.record(z.string().regex(/^[a-z][a-z0-9_-]*$/, "tool keys are lowercase words joined by - or _"), toolDefinition),
  })
  .strict();
export type DefinitionFile = z.output<typeof definitionFile>;
