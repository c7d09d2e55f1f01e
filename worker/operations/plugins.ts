// Operations of the `plugins` group: Agent Plugins installed from zip packages (base64 in the
// JSON body), published as immutable revisions, restored, switched on and off, their skills,
// revisions, files and packages. Every operation needs plugins:* (which also grants
// skillsets:* and skills:*, see auth/permission-aliases.ts); MCP server configuration in a
// package (mcp.json) is shown to holders of plugins:write only (plugins/server-config.ts).
import { z } from "zod";
import { createInput, enabledInput, installInput, publishInput, restoreInput, validateInput, validateStagedInput } from "../plugins/schemas";
import { revisionOperations } from "./generators/revision-operations";
import { required } from "./generators/route";
import { versionedOperations } from "./generators/versioned-operations";
import { pluginResource, pluginSkillResource } from "../plugins/resources";
import { authorOf, defineOperation, type OperationSpec } from "./operation";
import { pluginParams, pluginRevisionParams, pluginSkillParams } from "./path-params";
import * as responses from "./responses";
import { plugins } from "./services";

const group = "plugins";

const permissions = { read: "plugins:read", write: "plugins:write", delete: "plugins:delete" } as const;

const pluginCrud = versionedOperations({
  group,
  collection: "/plugins",
  itemParams: pluginParams,
  idParam: "plugin_id",
  key: (params) => params.plugin_id,
  noun: "plugin",
  actions: ["list", "get", "update", "delete", "versions"],
  operationIds: { prefix: "plugins_" },
  updateStyle: "merge_and_replace",
  summaries: {
    list: "List installed plugins with their current revision and skills",
    get: "One plugin: manifest, current revision, skills",
    update: "Enable or disable a plugin (no new revision)",
    delete: "Delete a plugin with every revision",
    versions: "A plugin's revisions, newest first",
  },
  permissions,
  listField: "plugins",
  schemas: {
    item: responses.pluginResponse,
    entry: responses.pluginRevisionResponse,
    list: responses.pluginListResponse,
    versions: responses.pluginRevisionListResponse,
    update: enabledInput,
    replace: enabledInput,
  },
  resource: (ctx) => pluginResource(plugins(ctx)),
});

const skills = versionedOperations({
  group,
  collection: "/plugins/{plugin_id}/skills",
  collectionParams: pluginParams,
  itemParams: pluginSkillParams,
  idParam: "skill_name",
  key: (params) => ({ pluginId: params.plugin_id, name: params.skill_name }),
  parentOf: (params) => params.plugin_id,
  noun: "skill",
  actions: ["list", "get", "update"],
  operationIds: { prefix: "plugins_", list: "plugins_skills_list", get: "plugins_skill_get", update: "plugins_skill_update" },
  summaries: {
    list: "The skills of a plugin's current revision, with their enabled flags",
    get: "One skill of a plugin with its SKILL.md",
    update: "Enable or disable one skill of a plugin (kept across revisions; no new revision)",
  },
  permissions,
  listField: "skills",
  schemas: { item: responses.pluginSkillResponse, detail: responses.pluginSkillDetailResponse, list: responses.pluginSkillListResponse, update: enabledInput },
  resource: (ctx) => pluginSkillResource(plugins(ctx)),
});

const validate = defineOperation({
  operationId: "plugins_validate",
  group,
  method: "post",
  path: "/plugins/validate",
  summary: "Check a plugin package without installing it: every problem, each naming its file and field",
  // Reading a package inflates up to 25 MiB: for those who may install one.
  permission: "plugins:write",
  body: validateInput,
  response: responses.pluginValidationResponse,
  run: (ctx, { body }) => plugins(ctx).validate(body.package_base64),
});

/** Upstream Seizu's POST /plugins: a plugin with a plugin.json alone, its skills published later. */
const create = defineOperation({
  operationId: "plugins_create",
  group,
  method: "post",
  path: "/plugins",
  summary: "Create a plugin with no skills yet (its package is a plugin.json alone), as upstream Seizu's editor does",
  permission: "plugins:write",
  body: createInput,
  response: responses.pluginResponse,
  status: 201,
  target: async (_ctx, { body }) => `new plugin ${JSON.stringify(body.name)} (${body.plugin_id})`,
  run: (ctx, { body }) => plugins(ctx).create(body, authorOf(ctx)),
});

/** Upstream Seizu's POST /plugins/{id}/validate: a package for this plugin, whole or staged as its files. */
const validateFor = defineOperation({
  operationId: "plugins_package_validate",
  group,
  method: "post",
  path: "/plugins/{plugin_id}/validate",
  summary: "Check a package for this plugin without publishing it: whole (package_base64) or staged as files",
  permission: "plugins:write",
  params: pluginParams,
  body: validateStagedInput,
  response: responses.pluginValidationResponse,
  run: (ctx, { params, body }) => plugins(ctx).validateFor(params.plugin_id, body),
});

const revisions = revisionOperations({
  group,
  collection: "/plugins",
  itemParams: pluginParams,
  revisionParams: pluginRevisionParams,
  idParam: "plugin_id",
  key: (params) => params.plugin_id,
  noun: "plugin",
  operationIds: { prefix: "plugins_" },
  summaries: {
    install: "Install a plugin from its package: revision 1, or the next revision of an installed one (as upstream Seizu; the same content is no new revision)",
    publish: "Publish a package as the plugin's next immutable revision (409 if base_revision is stale; the same content is no new revision)",
    restore: "Publish an earlier revision's content as the next revision (409 if base_revision is stale)",
    files: "The files of one revision: path, size, digest",
    download: "The zip package of one revision, base64-encoded",
  },
  permissions,
  schemas: {
    install: installInput,
    publish: publishInput,
    restore: restoreInput,
    item: responses.pluginResponse,
    files: responses.pluginFileListResponse,
    package: responses.pluginDownloadResponse,
  },
  resource: (ctx) => pluginResource(plugins(ctx)),
});

// Upstream Seizu's routes over one revision and the current package, served by the same service.
type ReadSpec<P extends z.ZodObject, R extends z.ZodType> = Pick<
  OperationSpec<P, undefined, R>,
  "operationId" | "path" | "summary" | "params" | "response" | "run"
>;
const read = <P extends z.ZodObject, R extends z.ZodType>(spec: ReadSpec<P, R>) =>
  defineOperation<P, undefined, R>({ ...spec, group, method: "get", permission: permissions.read });

const revisionGet = read({
  operationId: "plugins_version_get",
  path: "/plugins/{plugin_id}/versions/{revision}",
  summary: "One revision of a plugin: author, comment, digests, file count, skills",
  params: pluginRevisionParams,
  response: responses.pluginRevisionResponse,
  run: (ctx, { params }) => plugins(ctx).revision(params.plugin_id, params.revision),
});

const revisionSkills = read({
  operationId: "plugins_version_skills",
  path: "/plugins/{plugin_id}/versions/{revision}/skills",
  summary: "The skills one revision of a plugin declared, with the plugin's enabled flags",
  params: pluginRevisionParams,
  response: responses.pluginSkillListResponse,
  run: async (ctx, { params }) => ({ skills: await plugins(ctx).revisionSkills(params.plugin_id, params.revision) }),
});

const fileGet = read({
  operationId: "plugins_file_get",
  path: "/plugins/{plugin_id}/versions/{revision}/files/{file_path}",
  summary: "One file of a revision, base64-encoded, as upstream Seizu serves it (the path may hold slashes)",
  params: pluginRevisionParams.extend({ file_path: z.string().describe("The file's path in the package: skills/<name>/SKILL.md") }),
  response: responses.pluginFileContentResponse,
  run: (ctx, { params }) => plugins(ctx).file(params.plugin_id, params.revision, params.file_path),
});

/** The JSON form; upstream's clients get the zip itself (http/plugin-download.ts). */
const downloadCurrent = read({
  operationId: "plugins_download_current",
  path: "/plugins/{plugin_id}/download",
  summary: "The current revision's zip package: the zip itself (application/zip), or base64 in JSON when the request accepts application/json",
  params: pluginParams,
  response: responses.pluginDownloadResponse,
  run: async (ctx, { params }) => {
    const service = plugins(ctx);
    return service.download(params.plugin_id, await service.currentRevision(params.plugin_id));
  },
});

/** Static paths (validate, install) before the item routes they would match. */
export const pluginOperations = [
  pluginCrud.list,
  create,
  validate,
  revisions.install,
  pluginCrud.get,
  pluginCrud.update,
  required(pluginCrud.replace, "the plugins' PUT"),
  pluginCrud.delete,
  validateFor,
  revisions.publish,
  revisions.restore,
  skills.list,
  skills.get,
  skills.update,
  pluginCrud.versions,
  revisions.files,
  revisions.download,
  revisionGet,
  revisionSkills,
  fileGet,
  downloadCurrent,
];
