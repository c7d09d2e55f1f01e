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

/** A name exported by the module of hand-written tool input schemas (tool-inputs.ts); checked against it at load. */
const inputSchemaName = z.string().regex(/^[A-Z][A-Za-z0-9]*$/, "must name a schema of worker/builtins/tool-inputs.ts (PascalCase)");

/** A key of Insights' schema that has no meaning here: present, it is refused with the reason. */
const notApplicable = (reason: string) => z.never({ error: reason }).optional();

/** Path segments appended to the file's url_prefix: words, and `{field}` placeholders filled from each result item. */
const PAGE_TEMPLATE = /^(?:[a-z0-9_-]+|\{[a-z_][a-z0-9_]*\})(?:\/(?:[a-z0-9_-]+|\{[a-z_][a-z0-9_]*\}))*$/;

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
    require_params: fieldList
      .optional()
      .describe(
        "Fields the tool requires though its operation takes them as optional: an id its REST route also takes under another name, which the tool leaves out",
      ),
    param_overrides: z
      .record(z.string(), z.object({ description: z.string().optional(), input_schema: inputSchemaName.optional() }).strict())
      .optional()
      .describe("Per operation field: its description, or a hand-written schema for it (input_schema)"),
    input_schema: inputSchemaName.optional().describe("A hand-written schema of the whole input, in place of the one derived from the operation"),
    enrich_url: z
      .string()
      .regex(PAGE_TEMPLATE, "must be path segments under url_prefix, each a word or one {field} placeholder: {id}, {toolset_id}/tools/{id}")
      .optional()
      .describe("The admin UI page of each result item (of the result, without list: true), under the file's url_prefix"),
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
    response_type: notApplicable(
      "does not apply here: Insights types the handler code it generates with it, and these tools are not generated code; a tool's result is its operation's declared response (narrow it with response.include or response.exclude)",
    ),
    requires_ai_consent: notApplicable(
      "does not apply here: it holds a tool until an organisation consents to AI data processing, and Seizu Edge has no such consent; who may call a tool is its scopes, and a change waits for a person's approval (requires_confirmation)",
    ),
  })
  .strict()
  .superRefine((tool, ctx) => {
    if (tool.include_params && tool.exclude_params)
      ctx.addIssue({ code: "custom", path: ["include_params"], message: "include_params and exclude_params are mutually exclusive" });
    if (tool.input_schema) {
      for (const key of ["include_params", "exclude_params", "param_overrides"] as const) {
        if (tool[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "has nothing to act on with input_schema, which names every argument: describe them in that schema",
          });
      }
    }
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
    url_prefix: z
      .string()
      .regex(/^(?:\/[a-z0-9_-]+)+$/, "must be an admin UI path: /toolsets")
      .optional()
      .describe("Where the admin UI shows this group's resources; enrich_url links are made under it"),
    tools: z.record(z.string().regex(/^[a-z][a-z0-9_-]*$/, "tool keys are lowercase words joined by - or _"), toolDefinition),
  })
  .strict()
  .superRefine((file, ctx) => {
    if (file.url_prefix) return;
    for (const [key, tool] of Object.entries(file.tools)) {
      if (tool.enrich_url)
        ctx.addIssue({ code: "custom", path: ["tools", key, "enrich_url"], message: "needs the file's url_prefix, the admin UI path it is appended to" });
    }
  });
export type DefinitionFile = z.output<typeof definitionFile>;
