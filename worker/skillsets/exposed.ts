// Skills with their skillsets, read in one D1 query (a join, store/definition-reads.ts), for what
// serves them: MCP prompts (enabled skills of enabled skillsets) and rendering.
import type { Db } from "../store/db";
import { type ChildFilter, type ChildRow, DefinitionReads } from "../store/definition-reads";
import { SKILL, SKILLSET } from "./resources";
import type { SkillBody, SkillsetBody } from "./schemas";

export interface SkillWithSkillset {
  skillsetId: string;
  id: string;
  /** The skill's current version. */
  version: number;
  skill: SkillBody;
  skillset: SkillsetBody;
}

function skillOf(row: ChildRow & { parentBody: string }): SkillWithSkillset {
  return {
    skillsetId: row.parentId,
    id: row.id,
    version: row.version,
    skill: JSON.parse(row.body) as SkillBody,
    skillset: JSON.parse(row.parentBody) as SkillsetBody,
  };
}

const skills = (db: Db, filter: ChildFilter) => new DefinitionReads(db).childrenWithParents(SKILL, SKILLSET, filter);

/** Enabled skills of enabled skillsets: the MCP prompts. */
export async function listExposedSkills(db: Db): Promise<SkillWithSkillset[]> {
  return (await skills(db, { enabled: true })).map(skillOf);
}

/** One skill with its skillset, enabled or not. */
export async function findSkill(db: Db, skillsetId: string, skillId: string): Promise<SkillWithSkillset | undefined> {
  const [row] = await skills(db, { key: { parentId: skillsetId, id: skillId } });
  return row ? skillOf(row) : undefined;
}
