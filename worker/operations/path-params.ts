// Path parameter schemas shared by operations.
import { z } from "zod";

export const toolsetParams = z.object({ toolset_id: z.string().describe("Toolset id") });
export const toolParams = toolsetParams.extend({ tool_id: z.string().describe("Tool id") });
export const roleParams = z.object({ role_id: z.string().describe("Role id") });
export const skillsetParams = z.object({ skillset_id: z.string().describe("Skillset id") });
export const skillParams = skillsetParams.extend({ skill_id: z.string().describe("Skill id") });
