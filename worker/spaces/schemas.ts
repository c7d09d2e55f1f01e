// The inputs and responses of the spaces API, in upstream Seizu's shapes: spaces (name,
// description, overview report) and their sub-spaces, neither versioned nor access-scoped.
import { z } from "zod";
import { displayName, reportListItem } from "../reports/schemas";

const description = z.string({ error: "must be a string" }).max(2000, "must be at most 2000 characters");

export const createSpaceInput = z.object({ name: displayName, description: description.default("") }).strict();
/** Replace semantics, as upstream: an omitted description becomes "". */
export const updateSpaceInput = createSpaceInput;
export type SpaceInput = z.output<typeof createSpaceInput>;

export const overviewInput = z
  .object({
    // Left out, as upstream Seizu's clients clear it, is null.
    report_id: z
      .string({ error: "must be a string or null" })
      .min(1, "must not be empty")
      .nullish()
      .transform((id) => id ?? null)
      .describe("A report filed in this space; null or left out clears the overview"),
  })
  .strict();
export const subspaceInput = z.object({ name: displayName }).strict();

const audit = { created_at: z.string(), created_by: z.string(), updated_at: z.string(), updated_by: z.string() };

export const spaceResponse = z.object({
  space_id: z.string(),
  name: z.string(),
  description: z.string(),
  overview_report_id: z.string().nullable().describe("The space's overview report: always a report filed in this space"),
  ...audit,
});
export type SpaceView = z.output<typeof spaceResponse>;
export const subspaceResponse = z.object({ subspace_id: z.string(), space_id: z.string(), name: z.string(), ...audit });
export type SubspaceView = z.output<typeof subspaceResponse>;

export const spaceListResponse = z.object({ spaces: z.array(spaceResponse) });
export const subspaceListResponse = z.object({ subspaces: z.array(subspaceResponse) });
export const spaceTreeResponse = z.object({ space: spaceResponse, subspaces: z.array(subspaceResponse), reports: z.array(reportListItem) });
