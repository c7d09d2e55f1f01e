// Importing and exporting whole sets of skillsets with their skills (what `seizu seed` and
// `seizu export` use for the seed file's skillsets: section), as for toolsets: every skill's
// rules (template placeholders, required tools) are checked before anything is written, then
// every change goes in one D1 batch, all or nothing. Unchanged entries are left alone unless
// `force` is set, so re-running an import is a no-op.
import { canonicalJson } from "../digest";
import { ConflictError, type FieldIssue, ValidationError } from "../errors/domain";
import { batchFailure, type Head, isConstraintFailure } from "../store/versioned-store";
import type { SkillResource, SkillsetResource } from "./resources";
import type { SkillBody, SkillsetDocument, SkillsetImportInput } from "./schemas";
import type { Db } from "../store/db";

export interface SkillsetStores {
  db: Db;
  skillsets: SkillsetResource;
  skills: SkillResource;
  /** The rules a skill breaks beyond its schema (resources.ts skillIssues). */
  check(body: SkillBody): Promise<FieldIssue[]>;
}

type Action = "created" | "updated" | "unchanged";

function decide<T>(current: Head<T> | undefined, body: T, force: boolean): Action {
  if (!current) return "created";
  return force || canonicalJson(current.body) !== canonicalJson(body) ? "updated" : "unchanged";
}

export async function importSkillsets(stores: SkillsetStores, { skillsets: document, dry_run, force }: SkillsetImportInput, author: string) {
  const skills = Object.entries(document).flatMap(([skillsetId, skillset]) =>
    Object.entries(skillset.skills).map(([skillId, skill]) => ({ skillsetId, skillId, skill })),
  );
  const issues = (
    await Promise.all(
      skills.map(async ({ skillsetId, skillId, skill }) =>
        (await stores.check(skill)).map((issue) => ({ ...issue, field: `skillsets.${skillsetId}.skills.${skillId}.${issue.field}` })),
      ),
    )
  ).flat();
  if (issues.length > 0) throw new ValidationError(issues);

  const skillsetStore = stores.skillsets.store;
  const skillStore = stores.skills.store;
  const [currentSkillsets, currentSkills] = await Promise.all([skillsetStore.list(), skillStore.listAll()]);
  const skillsetHeads = new Map(currentSkillsets.map((head) => [head.id, head]));
  const skillHeads = new Map(currentSkills.map((head) => [`${head.parentId}/${head.id}`, head]));
  const now = new Date().toISOString();
  const change = { author, comment: "Imported" };
  const entries: { kind: "skillset" | "skill"; skillset_id: string; skill_id?: string; action: Action }[] = [];
  const statements: D1PreparedStatement[] = [];

  for (const [skillsetId, { skills: skillsOfSet, ...skillset }] of Object.entries(document)) {
    const head = skillsetHeads.get(skillsetId);
    const action = decide(head, skillset, force);
    entries.push({ kind: "skillset", skillset_id: skillsetId, action });
    if (action === "created") statements.push(...skillsetStore.createStatements("", skillsetId, skillset, change, now));
    if (action === "updated" && head) statements.push(...skillsetStore.updateStatements("", skillsetId, skillset, head.version, change, now));
    for (const [skillId, skill] of Object.entries(skillsOfSet) as [string, SkillBody][]) {
      const skillHead = skillHeads.get(`${skillsetId}/${skillId}`);
      const skillAction = decide(skillHead, skill, force);
      entries.push({ kind: "skill", skillset_id: skillsetId, skill_id: skillId, action: skillAction });
      if (skillAction === "created") statements.push(...skillStore.createStatements(skillsetId, skillId, skill, change, now));
      if (skillAction === "updated" && skillHead) statements.push(...skillStore.updateStatements(skillsetId, skillId, skill, skillHead.version, change, now));
    }
  }

  // A dry run reports the ids plugins hold too; the batch refuses them again, should a plugin take one meanwhile.
  const created = entries.filter((entry) => entry.kind === "skillset" && entry.action === "created").map((entry) => entry.skillset_id);
  await refuseTakenIds(stores, created);
  if (!dry_run && statements.length > 0) {
    try {
      await stores.db.batch(statements);
    } catch (error) {
      if (isConstraintFailure(error)) await refuseTakenIds(stores, created);
      throw batchFailure(error, "skillsets", "The skillsets changed while this import was being applied; nothing was written. Run the import again.");
    }
  }
  return { dry_run, entries };
}

/** A 409 naming each new skillset whose id a plugin holds (resources.ts). */
async function refuseTakenIds(stores: SkillsetStores, ids: string[]): Promise<void> {
  const conflicts = await stores.skillsets.store.takenElsewhere(ids);
  if (conflicts.length > 0) throw new ConflictError(`${conflicts.join("; ")}. Nothing was imported.`);
}

/** Every skillset with its skills, in the shape an import takes. */
export async function exportSkillsets(stores: Pick<SkillsetStores, "skillsets" | "skills">): Promise<{ skillsets: SkillsetDocument }> {
  const [skillsets, skills] = await Promise.all([stores.skillsets.store.list(), stores.skills.store.listAll()]);
  const document: SkillsetDocument = {};
  for (const head of skillsets) document[head.id] = { ...head.body, skills: {} };
  for (const head of skills) {
    const skillset = document[head.parentId];
    if (skillset) skillset.skills[head.id] = head.body;
  }
  return { skillsets: document };
}
