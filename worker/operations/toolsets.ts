// Operations of the `toolsets` group: toolsets and their tools as versioned resources (the
// kit's operations), where the built-in `seizu` toolset shows the built-in tools read-only;
// whole-set import and export; and calling a tool.
import { NotFoundError } from "../errors/domain";
import {
  BUILTIN_TOOLSET_ID,
  callInput,
  createToolInput,
  createToolsetInput,
  importInput,
  replaceToolInput,
  replaceToolsetInput,
  updateToolInput,
  updateToolsetInput,
} from "../toolsets/schemas";
import { SEED_ACTIONS, VERSIONED_ACTIONS, versionedOperations } from "./generators/versioned-operations";
import { callTool } from "../toolsets/call";
import { exportToolsets, importIssues, importToolsets } from "../toolsets/import-export";
import { cacheContext, cachedResponse } from "./cached-answer";
import { authorOf, defineOperation, type OperationContext } from "./operation";
import { toolParams, toolsetParams } from "./path-params";
import {
  anyToolResponse,
  callResponse,
  exportResponse,
  importResponse,
  toolListResponse,
  toolsetListResponse,
  toolsetResponse,
  toolsetVersionDetail,
  toolsetVersionEntry,
  toolResponse,
  toolVersionDetail,
  toolVersionEntry,
} from "./responses";
import { cypherDeps, resultLimits, tools, toolsets } from "./services";

const stores = (ctx: OperationContext) => ({ db: ctx.db, toolsets: toolsets(ctx), tools: tools(ctx) });

const toolsetResources = versionedOperations({
  group: "toolsets",
  collection: "/toolsets",
  itemParams: toolsetParams,
  idParam: "toolset_id",
  key: (params) => ({ parentId: "", id: params.toolset_id }),
  noun: "toolset",
  actions: [...SEED_ACTIONS, ...VERSIONED_ACTIONS],
  operationIds: { prefix: "toolsets_" },
  updateStyle: "merge_and_replace",
  summaries: {
    export: "Every user-defined toolset with its tools, in the shape import takes",
    import: "Validate a whole set of toolsets, then write every change in one transaction",
    list: "List toolsets, the built-in one included",
    delete: "Delete a toolset with all its tools and history",
  },
  permissions: { read: "toolsets:read", write: "toolsets:write", delete: "toolsets:delete" },
  listField: "toolsets",
  flatVersion: toolsetVersionDetail,
  schemas: { item: toolsetResponse, entry: toolsetVersionEntry, create: createToolsetInput, update: updateToolsetInput, replace: replaceToolsetInput },
  resource: toolsets,
  overrides: {
    export: (base) => defineOperation({ ...base, response: exportResponse, run: (ctx) => exportToolsets(stores(ctx)) }),
    import: (base) =>
      defineOperation({
        ...base,
        body: importInput,
        furtherIssues: (ctx, body) => importIssues(body, cypherDeps(ctx)),
        response: importResponse,
        run: (ctx, { body }) => importToolsets(stores(ctx), cypherDeps(ctx), body, authorOf(ctx)),
      }),
    list: (base) =>
      defineOperation({
        ...base,
        response: toolsetListResponse,
        run: async (ctx) => ({ toolsets: [ctx.builtins.toolset(), ...(await toolsets(ctx).list())] }),
      }),
    get: (base) =>
      defineOperation({
        ...base,
        response: toolsetResponse,
        run: (ctx, { params: { toolset_id: id } }) =>
          id === BUILTIN_TOOLSET_ID ? Promise.resolve(ctx.builtins.toolset()) : toolsets(ctx).get({ parentId: "", id }),
      }),
  },
});

/** A built-in tool by its MCP name, as the `seizu` toolset lists it. */
function builtinTool(ctx: OperationContext, name: string) {
  const tool = ctx.builtins.tools().find((candidate) => candidate.id === name);
  if (!tool) throw new NotFoundError(`built-in tool ${name} does not exist or its group is not enabled`);
  return tool;
}

const toolResources = versionedOperations({
  group: "toolsets",
  collection: "/toolsets/{toolset_id}/tools",
  collectionParams: toolsetParams,
  itemParams: toolParams,
  idParam: "tool_id",
  parentOf: (params) => params.toolset_id,
  key: (params) => ({ parentId: params.toolset_id, id: params.tool_id }),
  noun: "tool",
  actions: VERSIONED_ACTIONS,
  operationIds: { prefix: "toolsets_tool_", list: "toolsets_tools_list" },
  updateStyle: "merge_and_replace",
  summaries: {
    list: "List the tools of a toolset",
    create: "Create a tool (its Cypher is validated)",
    update: "Change a tool (a new version; its Cypher is validated)",
    restore: "Restore a tool version as a new version (its Cypher is validated again)",
  },
  permissions: { read: "tools:read", write: "tools:write", delete: "tools:delete" },
  listField: "tools",
  flatVersion: toolVersionDetail,
  schemas: { item: toolResponse, entry: toolVersionEntry, create: createToolInput, update: updateToolInput, replace: replaceToolInput },
  resource: tools,
  overrides: {
    list: (base) =>
      defineOperation({
        ...base,
        response: toolListResponse,
        run: async (ctx, { params: { toolset_id } }) => ({
          tools: toolset_id === BUILTIN_TOOLSET_ID ? ctx.builtins.tools() : await tools(ctx).list(toolset_id),
        }),
      }),
    get: (base) =>
      defineOperation({
        ...base,
        response: anyToolResponse,
        run: async (ctx, { params: { toolset_id, tool_id } }) =>
          toolset_id === BUILTIN_TOOLSET_ID ? builtinTool(ctx, tool_id) : tools(ctx).get({ parentId: toolset_id, id: tool_id }),
      }),
  },
});

const call = defineOperation({
  operationId: "toolsets_tool_call",
  group: "toolsets",
  method: "post",
  path: "/toolsets/{toolset_id}/tools/{tool_id}/call",
  summary: "Run a tool with arguments; the result is bounded",
  permission: "tools:call",
  budget: "calls",
  call: { kind: "tool_call", arguments: (body) => body.arguments },
  params: toolParams,
  body: callInput,
  optionalBody: true,
  response: callResponse,
  run: async (ctx, { params, body }) =>
    cachedResponse(
      ctx,
      await callTool(
        tools(ctx),
        cypherDeps(ctx),
        params.toolset_id,
        params.tool_id,
        body.arguments,
        resultLimits(ctx.config),
        cacheContext(ctx, "tools:write"),
        ctx.call,
      ),
    ),
});

export const toolsetOperations = [...Object.values(toolsetResources), ...Object.values(toolResources), call];
