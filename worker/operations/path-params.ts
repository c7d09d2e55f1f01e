// Path parameter schemas shared by operations.
import { z } from "zod";

export const toolsetParams = z.object({ toolset_id: z.string().describe("Toolset id") });
export const toolParams = toolsetParams.extend({ tool_id: z.string().describe("Tool id") });
export const roleParams = z.object({ role_id: z.string().describe("Role id") });
export const reportParams = z.object({ report_id: z.string().describe("Report id") });
export const spaceParams = z.object({ space_id: z.string().describe("Space id") });
export const subspaceParams = spaceParams.extend({ subspace_id: z.string().describe("Sub-space id") });
export const skillsetParams = z.object({ skillset_id: z.string().describe("Skillset id") });
export const skillParams = skillsetParams.extend({ skill_id: z.string().describe("Skill id") });
export const pluginParams = z.object({ plugin_id: z.string().describe("Plugin id (its manifest's skillsetId, or derived from its name)") });
export const pluginSkillParams = pluginParams.extend({ skill_name: z.string().describe("Skill name (its directory under skills/)") });
export const pluginRevisionParams = pluginParams.extend({
  revision: z.coerce
    .number({ error: "must be a positive integer" })
    .int("must be a positive integer")
    .min(1, "must be a positive integer")
    .describe("Revision number"),
});
export const workflowParams = z.object({ workflow_id: z.string().describe("Workflow id") });
export const scheduledQueryParams = z.object({ scheduled_query_id: z.string().describe("Scheduled query id") });
