// Skillsets and their skills as versioned resources. A skill's rules beyond its schema are
// checked whenever it is written (created, changed, restored): its template's placeholders name
// its parameters, and the tools it requires exist.
import { ValidationError } from "../errors/domain";
import { VersionedResource } from "../kit/versioned-resource";
import { requiredToolIssues, type ToolNames } from "./required-tools";
import { type SkillBody, skillBody, skillsetBody } from "./schemas";
import { templateIssues } from "./template";
import { skillsetView, skillView } from "./views";

export const SKILLSET = "skillset";
export const SKILL = "skill";

async function checkSkill(body: SkillBody, tools: ToolNames): Promise<void> {
  const issues = [
    ...templateIssues(
      body.template,
      body.parameters.map((parameter) => parameter.name),
    ),
    ...(await requiredToolIssues(body.tools_required, tools)),
  ];
  if (issues.length > 0) throw new ValidationError(issues);
}

export function skillsetResource(db: D1Database) {
  return new VersionedResource(db, { kind: SKILLSET, body: skillsetBody, childKinds: [SKILL] }, { view: skillsetView });
}

export function skillResource(tools: ToolNames) {
  return new VersionedResource(tools.db, { kind: SKILL, body: skillBody, parentKind: SKILLSET }, { view: skillView, check: (body) => checkSkill(body, tools) });
}

export type SkillsetResource = ReturnType<typeof skillsetResource>;
export type SkillResource = ReturnType<typeof skillResource>;
