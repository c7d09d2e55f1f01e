// REST operations of the `graph` group: the graph's schema, and validating, explaining and
// running ad-hoc read-only Cypher.
import { z } from "zod";
import { cypherInput, queryInput } from "../../graph/schemas";
import { defineOperations } from "../operation";
import { callResponse } from "../responses";
import { graphService, resultLimits } from "../services";

const issue = z.object({ rule: z.string(), message: z.string(), line: z.number().int(), column: z.number().int(), offset: z.number().int() });
const notification = z.record(z.string(), z.unknown());
const plan = z.record(z.string(), z.unknown()).describe("The plan tree: operatorType, arguments (EstimatedRows, Details, ...), identifiers, children");

export const graphOperations = defineOperations([
  {
    operationId: "graph_schema",
    group: "graph",
    method: "get",
    path: "/graph/schema",
    summary: "Labels, relationship types, property keys and indexes of the graph (no APOC needed)",
    permission: "query:validate",
    response: z.object({
      labels: z.array(z.string()),
      relationship_types: z.array(z.string()),
      property_keys: z.array(z.string()),
      indexes: z.array(z.record(z.string(), z.unknown())),
    }),
    run: (ctx) => graphService(ctx).schema(),
  },
  {
    operationId: "graph_validate_query",
    group: "graph",
    method: "post",
    path: "/graph/validate",
    summary: "Validate Cypher without running it: read-only rules, syntax (with position), plan operators",
    permission: "query:validate",
    body: cypherInput,
    response: z.union([
      z.object({ valid: z.literal(true), parameters: z.array(z.string()), notifications: z.array(notification) }),
      z.object({ valid: z.literal(false), errors: z.array(issue) }),
    ]),
    run: (ctx, { body }) => graphService(ctx).validate(body),
  },
  {
    operationId: "graph_explain",
    group: "graph",
    method: "post",
    path: "/graph/explain",
    summary: "The execution plan Neo4j would use for valid read-only Cypher (EXPLAIN; nothing runs)",
    permission: "query:validate",
    body: cypherInput,
    response: z.object({ plan, notifications: z.array(notification) }),
    run: (ctx, { body }) => graphService(ctx).explain(body),
  },
  {
    operationId: "graph_query",
    group: "graph",
    method: "post",
    path: "/graph/query",
    summary: "Run validated read-only Cypher; plans with performance warnings or large unindexed scans are rejected with the plan",
    permission: "query:execute",
    body: queryInput,
    response: callResponse,
    run: async (ctx, { body }) => ({ results: await graphService(ctx).query(body, resultLimits(ctx.config)) }),
  },
]);
