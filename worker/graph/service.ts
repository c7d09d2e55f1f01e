// The graph itself: its schema, and validating, explaining and running ad-hoc read-only
// Cypher. Ad-hoc queries pass the same layered validation as saved tools, then the plan
// policy, and run in READ mode with bounded results.
//
// A query that passed is remembered per isolate for a minute, keyed by its text, the types of
// its parameters and the rules it passed: an agent repeating a query skips the EXPLAIN round
// trip. The read-only verdict depends on the text alone; the plan policy's estimates follow the
// data, hence the expiry. READ mode and the time limit apply to every run regardless.
import type { Config } from "../config";
import { cypherFieldIssues } from "../cypher/issue";
import { type ValidationResult, validateCypher } from "../cypher/validate";
import { PlanRejectedError, ValidationError } from "../errors/domain";
import type { Neo4jClient } from "../neo4j/client";
import { BoundedCache } from "../cache/bounded-cache";
import type { Parameters } from "../neo4j/client";
import { collectBounded, type BoundedResult, type ResultLimits } from "../results/bounded";
import { checkedParameters, parameterTypes } from "../queries/parameter-values";
import { planRejection } from "./plan-policy";
import type { CypherInput, QueryInput } from "./schemas";

/** Schema introspection without APOC: built-in procedures and SHOW INDEXES, read-only. */
const SCHEMA_QUERIES = {
  labels: "CALL db.labels() YIELD label RETURN label ORDER BY label",
  relationship_types: "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType ORDER BY relationshipType",
  property_keys: "CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey ORDER BY propertyKey",
  indexes:
    "SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, state RETURN name, type, entityType, labelsOrTypes, properties, state ORDER BY name",
};

const passedChecks = new BoundedCache<true>({ maxCharacters: 1_000_000, ttlMs: 60_000 });

export class GraphService {
  constructor(private readonly deps: { neo4j: Neo4jClient; config: Config }) {}

  async schema() {
    const [labels, relationshipTypes, propertyKeys, indexes] = await Promise.all(
      Object.values(SCHEMA_QUERIES).map((statement) => this.deps.neo4j.query(statement)),
    );
    // Each schema query returns one column of names.
    const column = (result: { rows: unknown[][] }) => result.rows.map((row) => row[0] as string);
    return {
      labels: column(labels!),
      relationship_types: column(relationshipTypes!),
      property_keys: column(propertyKeys!),
      indexes: indexes!.rows.map((row) => Object.fromEntries(indexes!.fields.map((field, i) => [field, row[i]]))),
    };
  }

  async validate({ cypher }: CypherInput) {
    const result = await this.check(cypher);
    return result.ok
      ? { valid: true as const, parameters: result.parameters, notifications: result.notifications }
      : { valid: false as const, errors: result.errors };
  }

  async explain({ cypher }: CypherInput) {
    const result = await this.check(cypher);
    if (!result.ok) throw invalid(result);
    return { plan: result.plan, notifications: result.notifications };
  }

  async query({ cypher, parameters: values }: QueryInput, limits: ResultLimits): Promise<BoundedResult> {
    const parameters = checkedParameters(values);
    const { config } = this.deps;
    const policy = {
      maxEstimatedRows: config.MCP_GRAPH_QUERY_UNINDEXED_MAX_ESTIMATED_ROWS,
      rejectPerformanceWarnings: config.MCP_GRAPH_QUERY_REJECT_PERFORMANCE_WARNINGS,
    };
    const key = `${JSON.stringify([config.QUERY_VALIDATOR_ALLOWED_PROCEDURES, policy, parameterTypes(parameters)])}\n${cypher}`;
    if (!passedChecks.get(key)) {
      const result = await this.check(cypher, parameters);
      if (!result.ok) throw invalid(result);
      const rejection = planRejection(result.plan, result.notifications, policy);
      if (rejection) throw new PlanRejectedError(rejection);
      passedChecks.set(key, true);
    }
    const stream = await this.deps.neo4j.open(cypher, parameters, { accessMode: "READ" });
    return collectBounded(stream, limits);
  }

  private check(cypher: string, parameters?: Parameters): Promise<ValidationResult> {
    return validateCypher(cypher, { neo4j: this.deps.neo4j, allowedProcedures: this.deps.config.QUERY_VALIDATOR_ALLOWED_PROCEDURES }, parameters);
  }
}

function invalid(result: Extract<ValidationResult, { ok: false }>): ValidationError {
  return new ValidationError(cypherFieldIssues(result.errors));
}
