// The schemas every versioned resource shares: the inputs of a change (create, update,
// restore), derived from the resource's stored definition, and the version metadata and
// history entries of its responses.
import { z } from "zod";

export const changeFields = {
  base_version: z.number({ error: "must be a number: the version this change is based on" }).int().min(1),
  // null is no comment, as upstream Seizu's clients send it.
  comment: z
    .string({ error: "must be a string or null" })
    .max(1000, "must be at most 1000 characters")
    .nullable()
    .transform((comment) => comment ?? undefined)
    .optional(),
};

/** The flags of importing a seed file's section: validate only, or write even unchanged entries. */
export const importFlags = {
  dry_run: z.boolean({ error: "must be true or false" }).default(false),
  force: z.boolean({ error: "must be true or false" }).default(false),
};

/** Restoring a historical version; without base_version it applies to the current version. */
export const restoreInput = z.object({ base_version: changeFields.base_version.optional() }).strict();
export type RestoreInput = z.output<typeof restoreInput>;

/**
 * Creating a resource: its definition, its immutable id, and the comment of version 1. The id
 * is sent as `id`, or under upstream Seizu's name for it (`alias`: toolset_id, skill_id, ...);
 * both may be sent when they agree.
 */
export function createInput<S extends z.ZodObject, I extends z.ZodType<string>, A extends string>(body: S, id: I, alias: A) {
  const ids = { id: id.optional(), [alias]: id.optional() } as { id: z.ZodOptional<I> } & Record<A, z.ZodOptional<I>>;
  return body
    .extend({ ...ids, comment: changeFields.comment })
    .superRefine((fields, ctx) => {
      const { id: given, [alias]: aliased } = fields as Record<string, unknown>;
      if (given === undefined && aliased === undefined) ctx.addIssue({ code: "custom", path: [alias], message: "is required (or id)" });
      else if (given !== undefined && aliased !== undefined && given !== aliased)
        ctx.addIssue({ code: "custom", path: [alias], message: `and id name different ids (${String(aliased)}, ${String(given)}): send one of them` });
    })
    .transform((fields) => {
      const { id: given, [alias]: aliased, ...rest } = fields as Record<string, unknown>;
      return { ...rest, id: given ?? aliased } as z.output<S> & { id: z.output<I>; comment?: string | undefined };
    });
}

/**
 * Changing a resource: any fields of its definition (defaults dropped, so an omitted field keeps
 * its value), the version the change is based on (left out, the change applies to the current
 * version, as upstream Seizu's do), and a comment. The merged definition is
 * checked against the full schema before it is written.
 */
export function updateInput<S extends z.ZodObject>(body: S) {
  const fields = Object.fromEntries(
    Object.entries(body.shape as Record<string, z.ZodType>).map(([name, field]) => [
      name,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
    ]),
  ) as { [K in keyof S["shape"]]: z.ZodOptional<S["shape"][K] extends z.ZodDefault<infer T extends z.ZodType> ? T : S["shape"][K]> };
  return z.object({ ...fields, ...changeFields, base_version: changeFields.base_version.optional() }).strict();
}

/** Replacing a resource (PUT, as upstream Seizu changes one): its whole definition, defaults filling what is left out, with update's base_version and comment. */
export const replaceInput = <S extends z.ZodObject>(body: S) =>
  body.extend({ comment: changeFields.comment, base_version: changeFields.base_version.optional() }).strict();

/** A version number in a path: /versions/{version}. */
const versionParam = z.coerce
  .number({ error: "must be a positive integer" })
  .int("must be a positive integer")
  .min(1, "must be a positive integer")
  .describe("Version number");
export const withVersion = <S extends z.core.$ZodShape>(params: z.ZodObject<S>) => params.extend({ version: versionParam });
/** The path parameters of a version route: an item's, and the version. */
export type VersionParams<S extends z.core.$ZodShape> = ReturnType<typeof withVersion<S>>;
/** A version route's number alone. */
export const versionNumber = z.object({ version: versionParam });

export const versionMeta = z.object({
  version: z.number().int().describe("Current version; send it back as base_version when changing the resource"),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
});

export const versionEntry = <T extends z.ZodType>(definition: T) =>
  z.object({
    version: z.number().int(),
    author: z.string(),
    created_by: z.string().describe("The author, under upstream Seizu's name for it (a user id: GET /users/{user_id})"),
    created_at: z.string(),
    comment: z.string(),
    definition,
  });
export const versionList = <T extends z.ZodType>(definition: T) => z.object({ versions: z.array(versionEntry(definition)) });

/**
 * One version as upstream Seizu answers it (its CLI's version-get reads the item's own fields):
 * the item's ids and the definition's fields flat beside the entry, whose `definition` stays for
 * this project's clients.
 */
export const flatVersionEntry = <D extends z.ZodObject, I extends z.core.$ZodShape>(definition: D, ids: I) =>
  z.object({ ...ids, ...definition.shape, ...versionEntry(definition).shape });

/** ?page=&per_page= as upstream Seizu pages its lists: page from 1, per_page 1–`max` (default `fallback`). */
export const pageQuery = (max: number, fallback: number, what: string) =>
  z.object({
    page: z.coerce.number({ error: "must be a number" }).int("must be an integer").min(1, "must be at least 1").default(1).describe("Page, from 1"),
    per_page: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(max, `must be at most ${max}`)
      .default(fallback)
      .describe(`${what} per page (1–${max})`),
  });
