// Input fields every change to a versioned definition carries, whatever the resource.
import { z } from "zod";

export const changeFields = {
  base_version: z.number({ error: "is required: the version this change is based on" }).int().min(1),
  comment: z.string().max(1000, "must be at most 1000 characters").optional(),
};

/** Restoring a historical version; without base_version it applies to the current version. */
export const restoreInput = z.object({ base_version: changeFields.base_version.optional() }).strict();
