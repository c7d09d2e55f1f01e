// Operations of the `spaces` group, in upstream Seizu's routes and shapes (routes/spaces.py):
// spaces:read reads spaces, sub-spaces and a space's tree; spaces:write creates and changes
// them and sets overviews; spaces:delete removes them. Filing a report into a space
// (PUT /reports/{report_id}/space) needs reports:write, as upstream.
import { setSpaceInput, reportListItem } from "../reports/schemas";
import {
  createSpaceInput,
  overviewInput,
  spaceListResponse,
  spaceResponse,
  spaceTreeResponse,
  subspaceInput,
  subspaceListResponse,
  subspaceResponse,
  updateSpaceInput,
} from "../spaces/schemas";
import { defineOperation } from "./operation";
import { reportParams, spaceParams, subspaceParams } from "./path-params";
import { reports, spaces } from "./services";
import { quoted, reportTarget, spaceTarget, subspaceTarget } from "./targets";

const group = "spaces";
const item = "/spaces/{space_id}";
const subspaceItem = `${item}/subspaces/{subspace_id}`;

export const spaceOperations = [
  defineOperation({
    operationId: "spaces_list",
    group,
    method: "get",
    path: "/spaces",
    summary: "List spaces",
    permission: "spaces:read",
    response: spaceListResponse,
    run: async (ctx) => ({ spaces: await spaces(ctx).list() }),
  }),
  defineOperation({
    operationId: "spaces_get",
    group,
    method: "get",
    path: item,
    summary: "Get a space",
    permission: "spaces:read",
    params: spaceParams,
    response: spaceResponse,
    run: (ctx, { params }) => spaces(ctx).get(params.space_id),
  }),
  defineOperation({
    operationId: "spaces_get_tree",
    group,
    method: "get",
    path: `${item}/tree`,
    summary: "A space with its sub-spaces and the reports filed in it",
    permission: "spaces:read",
    params: spaceParams,
    response: spaceTreeResponse,
    run: (ctx, { params }) => spaces(ctx).tree(params.space_id),
  }),
  defineOperation({
    operationId: "spaces_list_subspaces",
    group,
    method: "get",
    path: `${item}/subspaces`,
    summary: "List a space's sub-spaces",
    permission: "spaces:read",
    params: spaceParams,
    response: subspaceListResponse,
    run: async (ctx, { params }) => ({ subspaces: await spaces(ctx).subspaces(params.space_id) }),
  }),
  defineOperation({
    operationId: "spaces_create",
    group,
    method: "post",
    path: "/spaces",
    summary: "Create a space (a unique name)",
    permission: "spaces:write",
    body: createSpaceInput,
    response: spaceResponse,
    status: 201,
    target: async (_ctx, { body }) => `new space ${quoted(body.name)}`,
    run: (ctx, { body }) => spaces(ctx).create(body),
  }),
  defineOperation({
    operationId: "spaces_update",
    group,
    method: "put",
    path: item,
    summary: "Rename a space or change its description",
    permission: "spaces:write",
    params: spaceParams,
    body: updateSpaceInput,
    response: spaceResponse,
    target: (ctx, { params }) => spaceTarget(ctx, params.space_id),
    run: (ctx, { params, body }) => spaces(ctx).update(params.space_id, body),
  }),
  defineOperation({
    operationId: "spaces_set_overview",
    group,
    method: "put",
    path: `${item}/overview`,
    summary: "Set (or clear with null) a space's overview: a report filed in the space",
    permission: "spaces:write",
    params: spaceParams,
    body: overviewInput,
    response: spaceResponse,
    target: async (ctx, { params, body }) =>
      `${await spaceTarget(ctx, params.space_id)}, overview ${body.report_id ? await reportTarget(ctx, body.report_id) : "none"}`,
    run: (ctx, { params, body }) => spaces(ctx).setOverview(params.space_id, body.report_id),
  }),
  defineOperation({
    operationId: "spaces_delete",
    group,
    method: "delete",
    path: item,
    summary: "Delete an empty space and its sub-spaces (409 while it holds reports)",
    permission: "spaces:delete",
    params: spaceParams,
    response: null,
    target: (ctx, { params }) => spaceTarget(ctx, params.space_id),
    run: (ctx, { params }) => spaces(ctx).delete(params.space_id),
  }),
  defineOperation({
    operationId: "spaces_create_subspace",
    group,
    method: "post",
    path: `${item}/subspaces`,
    summary: "Create a sub-space (a name unique in its space)",
    permission: "spaces:write",
    params: spaceParams,
    body: subspaceInput,
    response: subspaceResponse,
    status: 201,
    target: async (ctx, { params, body }) => `new sub-space ${quoted(body.name)} of ${await spaceTarget(ctx, params.space_id)}`,
    run: (ctx, { params, body }) => spaces(ctx).createSubspace(params.space_id, body.name),
  }),
  defineOperation({
    operationId: "spaces_update_subspace",
    group,
    method: "put",
    path: subspaceItem,
    summary: "Rename a sub-space",
    permission: "spaces:write",
    params: subspaceParams,
    body: subspaceInput,
    response: subspaceResponse,
    target: (ctx, { params }) => subspaceTarget(ctx, params.space_id, params.subspace_id),
    run: (ctx, { params, body }) => spaces(ctx).updateSubspace(params.space_id, params.subspace_id, body.name),
  }),
  defineOperation({
    operationId: "spaces_delete_subspace",
    group,
    method: "delete",
    path: subspaceItem,
    summary: "Delete a sub-space; its reports stay in the space, ungrouped",
    permission: "spaces:delete",
    params: subspaceParams,
    response: null,
    target: (ctx, { params }) => subspaceTarget(ctx, params.space_id, params.subspace_id),
    run: (ctx, { params }) => spaces(ctx).deleteSubspace(params.space_id, params.subspace_id),
  }),
  defineOperation({
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
  }),
];
