// Skills with their skillsets, read in one D1 query (a join), for what serves them: MCP
// prompts (enabled skills of enabled skillsets) and rendering.
import { SKILL, SKILLSET } from "./resources";
import type { SkillBody, SkillsetBody } from "./schemas";
import type { Db } from "../store/db";

export interface SkillWithSkillset {
  skillsetId: string;
  id: string;
  skill: SkillBody;
  skillset: SkillsetBody;
}

interface Row {
  skillset_id: string;
  id: string;
  body: string;
  skillset_body: string;
}

const SELECT = `
  SELECT k.parent_id AS skillset_id, k.id, k.body, s.body AS skillset_body
  FROM definitions k
  JOIN definitions s ON s.kind = '${SKILLSET}' AND s.parent_id = '' AND s.id = k.parent_id
  WHERE k.kind = '${SKILL}'`;
const ENABLED = "AND json_extract(k.body, '$.enabled') = 1 AND json_extract(s.body, '$.enabled') = 1";

function skillOf(row: Row): SkillWithSkillset {
  return { skillsetId: row.skillset_id, id: row.id, skill: JSON.parse(row.body) as SkillBody, skillset: JSON.parse(row.skillset_body) as SkillsetBody };
}

/** Enabled skills of enabled skillsets: the MCP prompts. */
export async function listExposedSkills(db: Db): Promise<SkillWithSkillset[]> {
  const { results } = await db.prepare(`${SELECT} ${ENABLED} ORDER BY k.parent_id, k.id`).all<Row>();
  return results.map(skillOf);
}

/** One skill with its skillset, enabled or not. */
export async function findSkill(db: Db, skillsetId: string, skillId: string): Promise<SkillWithSkillset | undefined> {
  const row = await db.prepare(`${SELECT} AND k.parent_id = ? AND k.id = ?`).bind(skillsetId, skillId).first<Row>();
  return row ? skillOf(row) : undefined;
}
