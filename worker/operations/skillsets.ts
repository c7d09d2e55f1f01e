// Operations of the `skillsets` group: skillsets and their skills as versioned resources (the
// kit's operations), whole-set import and export, and rendering a skill with arguments.
// Permissions follow upstream Seizu: skillsets:* for skillsets, skills:* for skills,
// skills:render to render.
import { SEED_ACTIONS, VERSIONED_ACTIONS, versionedOperations } from "./generators/versioned-operations";
import { exportSkillsets, importSkillsets } from "../skillsets/import-export";
import { renderableSkill, renderSkill } from "../skillsets/render";
import { skillIssues } from "../skillsets/resources";
import * as schemas from "../skillsets/schemas";
import { authorOf, defineOperation, type OperationContext } from "./operation";
import { skillParams, skillsetParams } from "./path-params";
import { renderResponse, skillResponse, skillsetExportResponse, skillsetImportResponse, skillsetResponse } from "./responses";
import { skills, skillsets, skillToolNames } from "./services";

const stores = (ctx: OperationContext) => ({
  db: ctx.db,
  skillsets: skillsets(ctx),
  skills: skills(ctx),
  check: (body: Parameters<typeof skillIssues>[0], planned?: ReadonlySet<string>) => skillIssues(body, skillToolNames(ctx), planned),
});

const skillsetResources = versionedOperations({
  group: "skillsets",
  collection: "/skillsets",
  itemParams: skillsetParams,
  idParam: "skillset_id",
  key: (params) => ({ parentId: "", id: params.skillset_id }),
  noun: "skillset",
  actions: [...SEED_ACTIONS, ...VERSIONED_ACTIONS],
  operationIds: { prefix: "skillsets_" },
  updateStyle: "merge_and_replace",
  summaries: {
    export: "Every skillset with its skills, in the shape import takes",
    import: "Validate a whole set of skillsets and skills, then write every change in one transaction",
    delete: "Delete a skillset with all its skills and history",
  },
  permissions: { read: "skillsets:read", write: "skillsets:write", delete: "skillsets:delete" },
  listField: "skillsets",
  flatVersion: schemas.skillsetVersionDetail,
  schemas: {
    item: skillsetResponse,
    entry: schemas.skillsetVersionEntry,
    create: schemas.createSkillsetInput,
    update: schemas.updateSkillsetInput,
    replace: schemas.replaceSkillsetInput,
  },
  resource: skillsets,
  overrides: {
    export: (base) => defineOperation({ ...base, response: skillsetExportResponse, run: (ctx) => exportSkillsets(stores(ctx)) }),
    import: (base) =>
      defineOperation({
        ...base,
        body: schemas.skillsetImportInput,
        response: skillsetImportResponse,
        run: (ctx, { body }) => importSkillsets(stores(ctx), body, authorOf(ctx)),
      }),
  },
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
  actions: VERSIONED_ACTIONS,
  operationIds: { prefix: "skillsets_skill_", list: "skillsets_skills_list" },
  updateStyle: "merge_and_replace",
  summaries: {
    list: "List the skills of a skillset",
    create: "Create a skill (its template and required tools are checked)",
    update: "Change a skill (a new version; its template and required tools are checked)",
    restore: "Restore a skill version as a new version (checked again)",
  },
  permissions: { read: "skills:read", write: "skills:write", delete: "skills:delete" },
  listField: "skills",
  flatVersion: schemas.skillVersionDetail,
  schemas: {
    item: skillResponse,
    entry: schemas.skillVersionEntry,
    create: schemas.createSkillInput,
    update: schemas.updateSkillInput,
    replace: schemas.replaceSkillInput,
  },
  resource: skills,
});

const render = defineOperation({
  operationId: "skillsets_skill_render",
  group: "skillsets",
  method: "post",
  path: "/skillsets/{skillset_id}/skills/{skill_id}/render",
  summary: "Render an enabled skill's template with arguments (as MCP prompts/get does)",
  permission: "skills:render",
  budget: "none",
  params: skillParams,
  body: schemas.renderInput,
  optionalBody: true,
  response: renderResponse,
  run: async (ctx, { params, body }) => ({ text: renderSkill(await renderableSkill(ctx.db, params.skillset_id, params.skill_id), body.arguments) }),
});

export const skillsetOperations = [...Object.values(skillsetResources), ...Object.values(skillResources), render];
