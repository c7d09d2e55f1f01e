// Importing and exporting whole sets of skillsets with their skills (what `seizu seed` and
// `seizu export` use for the seed file's skillsets: section), as for toolsets: every skill's
// rules (template placeholders, required tools) are checked before anything is written, then
// every change goes in one D1 batch, all or nothing. Unchanged entries are left alone unless
// `force` is set, so re-running an import is a no-op.
import { ConflictError, type FieldIssue, ValidationError } from "../errors/domain";
import { importTree } from "../kit/import-tree";
import { writeImport } from "../kit/import-writes";
import { chatOnlyWarnings } from "./required-tools";
import type { SkillResource, SkillsetResource } from "./resources";
import type { SkillBody, SkillsetDocument, SkillsetImportInput } from "./schemas";
import type { Db } from "../store/db";

export interface SkillsetStores {
  db: Db;
  skillsets: SkillsetResource;
  skills: SkillResource;
  /** The rules a skill breaks beyond its schema (resources.ts skillIssues), `planned` tools counting as existing. */
  check(body: SkillBody, planned?: ReadonlySet<string>): Promise<FieldIssue[]>;
}

/** Skillsets with their skills, as the seed file keys them. */
function skillsetTree(stores: Pick<SkillsetStores, "skillsets" | "skills">) {
  return importTree({
    parents: stores.skillsets.store,
    children: stores.skills.store,
    split: ({ skills, ...skillset }: SkillsetDocument[string]) => ({ body: skillset, children: skills }),
    join: (skillset, skills): SkillsetDocument[string] => ({ ...skillset, skills }),
    entry: (action, skillset_id, skill_id) =>
      skill_id === undefined ? { kind: "skillset" as const, skillset_id, action } : { kind: "skill" as const, skillset_id, skill_id, action },
  });
}

export async function importSkillsets(stores: SkillsetStores, { skillsets: document, dry_run, force, planned_tools }: SkillsetImportInput, author: string) {
  const skills = Object.entries(document).flatMap(([skillsetId, skillset]) =>
    Object.entries(skillset.skills).map(([skillId, skill]) => ({ skillsetId, skillId, skill })),
  );
  const planned = new Set(planned_tools);
  const at = (skillsetId: string, skillId: string) => (issue: FieldIssue) => ({ ...issue, field: `skillsets.${skillsetId}.skills.${skillId}.${issue.field}` });
  const issues = (
    await Promise.all(skills.map(async ({ skillsetId, skillId, skill }) => (await stores.check(skill, planned)).map(at(skillsetId, skillId))))
  ).flat();
  if (issues.length > 0) throw new ValidationError(issues);
  const warnings = skills.flatMap(({ skillsetId, skillId, skill }) => chatOnlyWarnings(skill.tools_required).map(at(skillsetId, skillId)));

  const { entries, statements } = await skillsetTree(stores).writes(document, force, { author, comment: "Imported" });

  // A dry run reports the ids plugins hold too; the batch refuses them again, should a plugin take one meanwhile.
  const created = entries.filter((entry) => entry.kind === "skillset" && entry.action === "created").map((entry) => entry.skillset_id);
  await refuseTakenIds(stores, created);
  try {
    await writeImport(
      stores.db,
      statements,
      dry_run,
      "skillsets",
      "The skillsets changed while this import was being applied; nothing was written. Run the import again.",
    );
  } catch (error) {
    // A taken id fails the batch as a conflict: name the ids a plugin took meanwhile, if that was it.
    if (error instanceof ConflictError) await refuseTakenIds(stores, created);
    throw error;
  }
  return { dry_run, entries, warnings };
}

/** A 409 naming each new skillset whose id a plugin holds (resources.ts). */
async function refuseTakenIds(stores: SkillsetStores, ids: string[]): Promise<void> {
  const conflicts = await stores.skillsets.store.takenElsewhere(ids);
  if (conflicts.length > 0) throw new ConflictError(`${conflicts.join("; ")}. Nothing was imported.`);
}

/** Every skillset with its skills, in the shape an import takes. */
export async function exportSkillsets(stores: Pick<SkillsetStores, "skillsets" | "skills">): Promise<{ skillsets: SkillsetDocument }> {
  return { skillsets: await skillsetTree(stores).export() };
}
