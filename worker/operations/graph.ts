// Operations of the `graph` group: the graph's schema, and validating, explaining and running
// ad-hoc read-only Cypher.
import { z } from "zod";
import { HISTORY_MAX, historyItem, historyPage, QueryHistory } from "../graph/history";
import { cypherInput, queryInput } from "../graph/schemas";
import { asQueryField, upstreamQueryInput, upstreamResults, upstreamValidation } from "../graph/upstream";
import { defineOperation, type OperationContext } from "./operation";
import { callResponse, explainResponse, graphSchemaResponse, upstreamQueryResponse, upstreamValidationResponse, validationResponse } from "./responses";
import { graph, resultLimits } from "./services";

const history = (ctx: OperationContext) => new QueryHistory(ctx.db, ctx.principal.subject);
const historyParams = z.object({ history_id: z.string().describe("A query history entry's id") });

export const graphOperations = [
  defineOperation({
    operationId: "graph_schema",
    group: "graph",
    method: "get",
    path: "/graph/schema",
    summary: "Labels, relationship types, property keys and indexes of the graph (no APOC needed)",
    permission: "query:validate",
    budget: "calls",
    call: { kind: "graph_query" },
    response: graphSchemaResponse,
    run: (ctx) => graph(ctx).schema(),
  }),
  defineOperation({
    operationId: "graph_validate_query",
    group: "graph",
    method: "post",
    path: "/graph/validate",
    summary: "Validate Cypher without running it: read-only rules, syntax (with position), plan operators",
    permission: "query:validate",
    budget: "calls",
    call: { kind: "graph_query" },
    body: cypherInput,
    response: validationResponse,
    run: (ctx, { body }) => graph(ctx).validate(body),
  }),
  defineOperation({
    operationId: "graph_explain",
    group: "graph",
    method: "post",
    path: "/graph/explain",
    summary: "The execution plan Neo4j would use for valid read-only Cypher (EXPLAIN; nothing runs)",
    permission: "query:validate",
    budget: "calls",
    call: { kind: "graph_query" },
    body: cypherInput,
    response: explainResponse,
    run: (ctx, { body }) => graph(ctx).explain(body),
  }),
  defineOperation({
    operationId: "graph_query",
    group: "graph",
    method: "post",
    path: "/graph/query",
    summary: "Run validated read-only Cypher; plans with performance warnings or large unindexed scans are rejected with the plan",
    permission: "query:execute",
    budget: "calls",
    call: { kind: "graph_query" },
    body: queryInput,
    response: callResponse,
    run: async (ctx, { body }) => ({ results: await graph(ctx).query(body, resultLimits(ctx.config)) }),
  }),
  defineOperation({
    operationId: "graph_validate_upstream",
    group: "graph",
    method: "post",
    path: "/validate",
    summary: "Validate Cypher as upstream Seizu's clients do ({query, params} → {errors, warnings}), with graph_validate_query's checks",
    permission: "query:validate",
    budget: "calls",
    call: { kind: "graph_query" },
    body: upstreamQueryInput,
    response: upstreamValidationResponse,
    run: async (ctx, { body }) => upstreamValidation(await graph(ctx).validate({ cypher: body.query })),
  }),
  defineOperation({
    operationId: "graph_query_adhoc",
    group: "graph",
    method: "post",
    path: "/query/adhoc",
    summary: "Run read-only Cypher as upstream Seizu's clients do ({query, params} → {results, errors, warnings}), with graph_query's checks and bounds",
    permission: "query:execute",
    budget: "calls",
    call: { kind: "graph_query" },
    body: upstreamQueryInput,
    response: upstreamQueryResponse,
    run: async (ctx, { body }) => {
      const results = await asQueryField(graph(ctx).query({ cypher: body.query, parameters: body.params ?? {} }, resultLimits(ctx.config)));
      const entry = await history(ctx).record(body.query);
      return upstreamResults(results, entry.history_id);
    },
  }),
  // The caller's own query history, as upstream Seizu's console keeps it. Upstream gates it on
  // query_history:read, which this catalogue does not have: it is the caller's own data, so any
  // signed-in caller reads and deletes theirs, and nobody else's.
  defineOperation({
    operationId: "graph_history_list",
    group: "graph",
    method: "get",
    path: "/query-history",
    summary: `The caller's query history (what POST /query/adhoc ran), newest first, paged as upstream Seizu pages it; the newest ${HISTORY_MAX} are kept`,
    params: historyPage,
    response: z.object({ items: z.array(historyItem), total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
    run: (ctx, { params }) => history(ctx).list(params),
  }),
  defineOperation({
    operationId: "graph_history_get",
    group: "graph",
    method: "get",
    path: "/query-history/{history_id}",
    summary: "One entry of the caller's query history",
    params: historyParams,
    response: historyItem,
    run: (ctx, { params }) => history(ctx).get(params.history_id),
  }),
  defineOperation({
    operationId: "graph_history_delete",
    group: "graph",
    method: "delete",
    path: "/query-history/{history_id}",
    summary: "Delete one entry of the caller's query history",
    params: historyParams,
    response: null,
    run: (ctx, { params }) => history(ctx).delete(params.history_id),
  }),
  defineOperation({
    operationId: "graph_history_clear",
    group: "graph",
    method: "delete",
    path: "/query-history",
    summary: "Delete the caller's whole query history",
    response: null,
    run: (ctx) => history(ctx).clear(),
  }),
];
