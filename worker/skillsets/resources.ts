// Skillsets and their skills as versioned resources. A skill's rules beyond its schema are
// checked whenever it is written (created, changed, restored): its template's placeholders name
// its parameters, and the tools it requires exist.
import { type FieldIssue, ValidationError } from "../errors/domain";
import { VersionedResource } from "../kit/versioned-resource";
import { requiredToolIssues, type ToolNames } from "./required-tools";
import { type SkillBody, skillBody, skillsetBody } from "./schemas";
import { templateIssues } from "./template";
import { skillsetView, skillView } from "./views";
import type { Db } from "../store/db";

export const SKILLSET = "skillset";
export const SKILL = "skill";

/** Every rule a skill breaks beyond its schema. */
export async function skillIssues(body: SkillBody, tools: ToolNames, planned?: ReadonlySet<string>): Promise<FieldIssue[]> {
  return [
    ...templateIssues(
      body.template,
      body.parameters.map((parameter) => parameter.name),
    ),
    ...(await requiredToolIssues(body.tools_required, tools, planned)),
  ];
}

async function checkSkill(body: SkillBody, tools: ToolNames): Promise<void> {
  const issues = await skillIssues(body, tools);
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * Skillset skills and plugin skills are both prompts {id}__{skill}: a skillset may not take an
 * installed plugin's id, as a plugin may not take a skillset's (plugins/store.ts).
 */
const pluginIds = {
  table: "plugins",
  conflict: (id: string) => `skillset ${id} cannot be created: plugin ${id} is installed with that id, and both name prompts {id}__{skill}`,
};

export function skillsetResource(db: Db) {
  return new VersionedResource(db, { kind: SKILLSET, body: skillsetBody, childKinds: [SKILL], sharesIdsWith: pluginIds }, { view: skillsetView });
}

export function skillResource(tools: ToolNames) {
  return new VersionedResource(tools.db, { kind: SKILL, body: skillBody, parentKind: SKILLSET }, { view: skillView, check: (body) => checkSkill(body, tools) });
}

export type SkillsetResource = ReturnType<typeof skillsetResource>;
export type SkillResource = ReturnType<typeof skillResource>;
