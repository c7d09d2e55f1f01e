// Inputs of the graph operations (schema, validate, explain, query).
import { MAX_STATEMENT_LENGTH } from "../cypher/length";
import { z } from "zod";

export const cypher = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(MAX_STATEMENT_LENGTH, `must be at most ${MAX_STATEMENT_LENGTH} characters`)
  .describe("A read-only Cypher query");

export const cypherInput = z.object({ cypher }).strict();
export type CypherInput = z.output<typeof cypherInput>;

export const queryInput = z
  .object({
    cypher,
    parameters: z
      .record(z.string(), z.unknown(), { error: "must be an object of parameter values" })
      .default({})
      .describe("Values for the query's $parameters; whole JSON numbers go to Neo4j as INTEGER, others as FLOAT"),
  })
  .strict();
export type QueryInput = z.output<typeof queryInput>;
