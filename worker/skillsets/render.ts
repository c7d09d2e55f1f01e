// Rendering a skill: its template with the arguments substituted. Only a skill that is served
// (enabled, in an enabled skillset) renders, on REST as on MCP prompts/get, so disabling a
// skill takes it out of use everywhere at once.
import { BadRequestError, NotFoundError } from "../errors/domain";
import { bindSkillArguments } from "./arguments";
import { findSkill, type SkillWithSkillset } from "./exposed";
import { fillTemplate } from "./template";
import type { Db } from "../store/db";

/** The text of an enabled skill with these arguments; a ValidationError names each bad argument. */
export function renderSkill(found: SkillWithSkillset, args: Record<string, unknown>): string {
  return fillTemplate(found.skill.template, bindSkillArguments(found.skill.parameters, args));
}

/** A skill that may be rendered: 404 when it does not exist, 400 when it or its skillset is disabled. */
export async function renderableSkill(db: Db, skillsetId: string, skillId: string): Promise<SkillWithSkillset> {
  const found = await findSkill(db, skillsetId, skillId);
  if (!found) throw new NotFoundError(`skill ${skillsetId}/${skillId} does not exist`);
  if (!found.skillset.enabled) throw new BadRequestError(`skillset ${skillsetId} is disabled: enable it to render its skills`);
  if (!found.skill.enabled) throw new BadRequestError(`skill ${skillsetId}/${skillId} is disabled: enable it to render it`);
  return found;
}
