// Path parameter schemas shared by operations.
import { z } from "zod";

export const toolsetParams = z.object({ toolset_id: z.string().describe("Toolset id") });
export const toolParams = toolsetParams.extend({ tool_id: z.string().describe("Tool id") });
export const roleParams = z.object({ role_id: z.string().describe("Role id") });
export const reportParams = z.object({ report_id: z.string().describe("Report id") });
export const spaceParams = z.object({ space_id: z.string().describe("Space id") });
export const subspaceParams = spaceParams.extend({ subspace_id: z.string().describe("Sub-space id") });
