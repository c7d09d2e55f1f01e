// Operations of the `spaces` group, in upstream Seizu's routes and shapes (routes/spaces.py):
// spaces:read reads spaces, sub-spaces and a space's tree; spaces:write creates and changes
// them and sets overviews; spaces:delete removes them. Filing a report into a space
// (PUT /reports/{report_id}/space) needs reports:write, as upstream.
import { setSpaceInput, reportListItem } from "../reports/schemas";
import * as schemas from "../spaces/schemas";
import { RECORD_ACTIONS, versionedOperations } from "./generators/versioned-operations";
import { spaceResource, subspaceResource } from "../spaces/resources";
import { defineOperation } from "./operation";
import { reportParams, spaceParams, subspaceParams } from "./path-params";
import { reports, spaces } from "./services";
import { reportTarget, spaceTarget, subspaceTarget } from "./targets";

const group = "spaces";
const item = "/spaces/{space_id}";

const permissions = { read: "spaces:read", write: "spaces:write", delete: "spaces:delete" } as const;

const {
  list,
  get,
  create,
  update,
  delete: remove,
} = versionedOperations({
  group,
  collection: "/spaces",
  itemParams: spaceParams,
  idParam: "space_id",
  key: (params) => params.space_id,
  noun: "space",
  actions: RECORD_ACTIONS,
  updateStyle: "replace",
  operationIds: { prefix: "spaces_" },
  summaries: {
    list: "List spaces",
    get: "Get a space",
    create: "Create a space (a unique name)",
    update: "Rename a space or change its description",
    delete: "Delete an empty space and its sub-spaces (409 while it holds reports)",
  },
  permissions,
  listField: "spaces",
  schemas: { item: schemas.spaceResponse, list: schemas.spaceListResponse, create: schemas.createSpaceInput, update: schemas.updateSpaceInput },
  resource: (ctx) => spaceResource(spaces(ctx)),
});

const subspaceOperations = versionedOperations({
  group,
  collection: `${item}/subspaces`,
  collectionParams: spaceParams,
  itemParams: subspaceParams,
  idParam: "subspace_id",
  key: (params) => ({ spaceId: params.space_id, id: params.subspace_id }),
  parentOf: (params) => params.space_id,
  noun: "sub-space",
  actions: ["list", "create", "update", "delete"],
  updateStyle: "replace",
  operationIds: {
    prefix: "spaces_",
    list: "spaces_list_subspaces",
    create: "spaces_create_subspace",
    update: "spaces_update_subspace",
    delete: "spaces_delete_subspace",
  },
  summaries: {
    list: "List a space's sub-spaces",
    create: "Create a sub-space (a name unique in its space)",
    update: "Rename a sub-space",
    delete: "Delete a sub-space; its reports stay in the space, ungrouped",
  },
  permissions,
  listField: "subspaces",
  schemas: { item: schemas.subspaceResponse, list: schemas.subspaceListResponse, create: schemas.subspaceInput, update: schemas.subspaceInput },
  resource: (ctx) => subspaceResource(spaces(ctx)),
});

const tree = defineOperation({
  operationId: "spaces_get_tree",
  group,
  method: "get",
  path: `${item}/tree`,
  summary: "A space with its sub-spaces and the reports filed in it",
  permission: "spaces:read",
  params: spaceParams,
  response: schemas.spaceTreeResponse,
  run: (ctx, { params }) => spaces(ctx).tree(params.space_id),
});

const overview = defineOperation({
  operationId: "spaces_set_overview",
  group,
  method: "put",
  path: `${item}/overview`,
  summary: "Set (or clear with null) a space's overview: a report filed in the space",
  permission: "spaces:write",
  params: spaceParams,
  body: schemas.overviewInput,
  response: schemas.spaceResponse,
  target: async (ctx, { params, body }) =>
    `${await spaceTarget(ctx, params.space_id)}, overview ${body.report_id ? await reportTarget(ctx, body.report_id) : "none"}`,
  run: (ctx, { params, body }) => spaces(ctx).setOverview(params.space_id, body.report_id),
});

const fileReport = defineOperation({
  operationId: "spaces_set_report_space",
  group,
  method: "put",
  path: "/reports/{report_id}/space",
  summary: "File a public report into a space and sub-space (an omitted sub-space is cleared), or out of any space",
  permission: "reports:write",
  params: reportParams,
  body: setSpaceInput,
  response: reportListItem,
  target: async (ctx, { params, body }) => {
    const report = await reportTarget(ctx, params.report_id);
    if (body.space_id && body.subspace_id) return `${report} into ${await subspaceTarget(ctx, body.space_id, body.subspace_id)}`;
    return body.space_id ? `${report} into ${await spaceTarget(ctx, body.space_id)}` : `${report} out of its space`;
  },
  run: (ctx, { params, body }) => reports(ctx).file(params.report_id, body),
});

/** In upstream's route order. */
export const spaceOperations = [
  list,
  get,
  tree,
  subspaceOperations.list,
  create,
  update,
  overview,
  remove,
  subspaceOperations.create,
  subspaceOperations.update,
  subspaceOperations.delete,
  fileReport,
];
