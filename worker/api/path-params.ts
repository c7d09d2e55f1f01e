// Path parameter schemas shared by operations.
import { z } from "zod";

export const toolsetParams = z.object({ toolset_id: z.string().describe("Toolset id") });
export const toolParams = toolsetParams.extend({ tool_id: z.string().describe("Tool id") });
export const roleParams = z.object({ role_id: z.string().describe("Role id") });

const version = z.coerce
  .number({ error: "must be a positive integer" })
  .int("must be a positive integer")
  .min(1, "must be a positive integer")
  .describe("Version number");
export const withVersion = <T extends z.ZodObject>(params: T) => params.extend({ version });
