// Agent Plugins: the package's manifest and skill frontmatter as zod schemas, and the REST
// inputs. The plugin's id is the manifest's extensions."com.mappedsky.seizu".skillsetId, as in
// upstream Seizu, or derived from its name (manifest.ts), under the same id rules as a
// skillset's (it names prompts the same way).
import { z } from "zod";
import { changeFields } from "../kit/schemas";
import { skillId } from "../skillsets/schemas";
import { LIMITS } from "./limits";

export const SEIZU_EXTENSION = "com.mappedsky.seizu";

/** Reserved: the collection's own routes (POST /plugins/validate, /plugins/install). */
const RESERVED_PLUGIN_IDS = ["validate", "install"];
export const pluginId = skillId.refine((id) => !RESERVED_PLUGIN_IDS.includes(id), { message: `is reserved (${RESERVED_PLUGIN_IDS.join(", ")})` });

/** Other keys (author, homepage, ...) are kept as they are: plugin manifests carry more than Seizu reads. */
export const manifestSchema = z.looseObject({
  $schema: z.string({ error: "must be a string" }).optional(),
  name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  version: z.string({ error: "must be a string" }).max(100, "must be at most 100 characters").optional(),
  description: z.string({ error: "must be a string" }).max(4000, "must be at most 4000 characters").optional(),
  extensions: z
    .looseObject(
      {
        [SEIZU_EXTENSION]: z.looseObject({ skillsetId: pluginId }, { error: "must be an object: the plugin's id is its skillsetId" }).optional(),
      },
      { error: `must be an object, such as {"${SEIZU_EXTENSION}": {"skillsetId": ...}}` },
    )
    .optional(),
});
export type Manifest = z.output<typeof manifestSchema>;

/** A skill's directory name, as the Agent Skills format spells it. */
export const skillName = z
  .string()
  .max(64, "must be at most 64 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase letters and digits in words joined by single hyphens");

// Text kept in the D1 index: no control characters (JSON would write each as six bytes), no
// lone surrogates; a description may keep tabs and line breaks.
const plainText = /^[^\p{Cc}\p{Cs}]*$/u;
const plainLines = /^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u;
const toolName = z.string({ error: "must be a string" }).regex(plainText, "must be plain text: no control characters");

export const skillFrontmatter = z.looseObject({
  name: z.string({ error: "is required (a string equal to the skill's directory name)" }),
  description: z
    .string({ error: "is required (a string saying what the skill does and when to use it)" })
    .trim()
    .min(1, "must not be empty")
    .max(LIMITS.descriptionChars, `must be at most ${LIMITS.descriptionChars} characters`)
    .regex(plainLines, "must be plain text: no control characters but tab and line breaks"),
  "allowed-tools": z.union([toolName, z.array(toolName)], { error: "must be a string or a list of strings" }).optional(),
});

const packageBase64 = z
  .string({ error: "must be a string: the zip package, base64-encoded" })
  .min(1, "must not be empty")
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64 (A-Z, a-z, 0-9, +, /, = padding)")
  .describe("The plugin's zip package, base64-encoded");
const { comment } = changeFields;
const revision = z.number({ error: "must be a revision number" }).int("must be a whole number").min(1, "must be at least 1");

const base64 = z
  .string({ error: "must be a string: the file's bytes, base64-encoded" })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64 (A-Z, a-z, 0-9, +, /, = padding)");

/** One file of a package staged as a list (staged.ts): its bytes, or the digest of a file the plugin holds. */
const stagedFile = z
  .object({
    path: z.string({ error: "must be a string" }).min(1, "must not be empty").max(LIMITS.pathChars, `must be at most ${LIMITS.pathChars} characters`),
    content_base64: base64.optional(),
    sha256: z
      .string({ error: "must be a string" })
      .regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in lowercase hex, of a file this plugin holds")
      .optional(),
    media_type: z
      .string({ error: "must be a string" })
      .max(200, "must be at most 200 characters")
      .optional()
      .describe("Accepted as upstream Seizu sends it; not stored"),
    executable: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict();
export type StagedFile = z.output<typeof stagedFile>;

const stagedFiles = z
  .array(stagedFile, { error: "must be a list of files" })
  .min(1, "must hold at least plugin.json")
  .max(LIMITS.files, `must hold at most ${LIMITS.files} files`)
  .describe("The package as a list of files, as upstream Seizu's editor sends it: each with content_base64, or the sha256 of a file this plugin holds");

/** A package sent whole (package_base64) or staged as files (for a plugin that exists): the service takes exactly one. */
const packageSource = { package_base64: packageBase64.optional(), files: stagedFiles.optional() };
export type PackageSource = { package_base64?: string; files?: StagedFile[] };

/** comment is taken as upstream Seizu's validate takes it, and unused: a validation writes nothing. */
export const validateInput = z.object({ package_base64: packageBase64, comment }).strict();
export const validateStagedInput = z.object({ ...packageSource, comment }).strict();
export const installInput = z.object({ package_base64: packageBase64, comment }).strict();
export const publishInput = z.object({ ...packageSource, base_revision: revision.describe("The current revision this publish replaces"), comment }).strict();
/** Upstream Seizu's POST /plugins: a new plugin with no skills yet (plugin.json alone). */
export const createInput = z
  .object({
    plugin_id: pluginId,
    name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
    version: z.string({ error: "must be a string" }).max(100, "must be at most 100 characters").default("1.0.0"),
    description: z.string({ error: "must be a string" }).max(4000, "must be at most 4000 characters").default(""),
    comment,
  })
  .strict();
export const restoreInput = z
  .object({ revision: revision.describe("The revision whose content comes back"), base_revision: revision.describe("The current revision"), comment })
  .strict();
export const enabledInput = z.object({ enabled: z.boolean({ error: "must be true or false" }) }).strict();
