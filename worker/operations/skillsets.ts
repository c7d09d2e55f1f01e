// Operations of the `skillsets` group: skillsets and their skills as versioned resources (the
// kit's operations), and rendering a skill with arguments. Permissions follow upstream Seizu:
// skillsets:* for skillsets, skills:* for skills, skills:render to render.
import { versionedOperations } from "../kit/versioned-operations";
import { renderableSkill, renderSkill } from "../skillsets/render";
import { createSkillInput, createSkillsetInput, renderInput, skillBody, skillsetBody, updateSkillInput, updateSkillsetInput } from "../skillsets/schemas";
import { defineOperation } from "./operation";
import { skillParams, skillsetParams } from "./path-params";
import { renderResponse, skillResponse, skillsetResponse } from "./responses";
import { skills, skillsets } from "./services";

const skillsetResources = versionedOperations({
  group: "skillsets",
  collection: "/skillsets",
  itemParams: skillsetParams,
  idParam: "skillset_id",
  key: (params) => ({ parentId: "", id: params.skillset_id }),
  noun: "skillset",
  operationIds: { prefix: "skillsets_" },
  summaries: { delete: "Delete a skillset with all its skills and history" },
  permissions: { read: "skillsets:read", write: "skillsets:write", delete: "skillsets:delete" },
  listField: "skillsets",
  schemas: { body: skillsetBody, create: createSkillsetInput, update: updateSkillsetInput, response: skillsetResponse },
  resource: skillsets,
});

const skillResources = versionedOperations({
  group: "skillsets",
  collection: "/skillsets/{skillset_id}/skills",
  collectionParams: skillsetParams,
  itemParams: skillParams,
  idParam: "skill_id",
  parentOf: (params) => params.skillset_id,
  key: (params) => ({ parentId: params.skillset_id, id: params.skill_id }),
  noun: "skill",
  operationIds: { prefix: "skillsets_skill_", list: "skillsets_skills_list" },
  summaries: {
    list: "List the skills of a skillset",
    create: "Create a skill (its template and required tools are checked)",
    update: "Change a skill (a new version; its template and required tools are checked)",
    restore: "Restore a skill version as a new version (checked again)",
  },
  permissions: { read: "skills:read", write: "skills:write", delete: "skills:delete" },
  listField: "skills",
  schemas: { body: skillBody, create: createSkillInput, update: updateSkillInput, response: skillResponse },
  resource: skills,
});

const render = defineOperation({
  operationId: "skillsets_skill_render",
  group: "skillsets",
  method: "post",
  path: "/skillsets/{skillset_id}/skills/{skill_id}/render",
  summary: "Render an enabled skill's template with arguments (as MCP prompts/get does)",
  permission: "skills:render",
  params: skillParams,
  body: renderInput,
  optionalBody: true,
  response: renderResponse,
  run: async (ctx, { params, body }) => ({ text: renderSkill(await renderableSkill(ctx.env.DB, params.skillset_id, params.skill_id), body.arguments) }),
});

export const skillsetOperations = [...skillsetResources, ...skillResources, render];
