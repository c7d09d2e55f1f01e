// A tool's Cypher must pass the layered validation, and every $name it uses must be one of
// the tool's declared parameters. Issues name the field "cypher" with the rule and position.
import type { CypherIssue } from "../cypher/issue";
import { validateCypher } from "../cypher/validate";
import { ValidationError, type FieldIssue } from "../errors";
import type { Neo4jClient } from "../neo4j/client";
import type { ToolBody } from "./schemas";

export interface CypherCheckDeps {
  neo4j: Neo4jClient;
  allowedProcedures: string[];
}

/** Validation's issues as issues of the field "cypher", each with its rule and position. */
export function cypherFieldIssues(errors: CypherIssue[]): FieldIssue[] {
  return errors.map(({ rule, message, line, column, offset }) => ({ field: "cypher", rule, message, line, column, offset }));
}

export async function toolCypherIssues(body: ToolBody, deps: CypherCheckDeps): Promise<FieldIssue[]> {
  const result = await validateCypher(body.cypher, deps);
  if (!result.ok) return cypherFieldIssues(result.errors);
  const declared = new Set(body.parameters.map((parameter) => parameter.name));
  return result.parameters
    .filter((name) => !declared.has(name))
    .map((name) => ({ field: "cypher", rule: "undeclared_parameter", message: `uses $${name}, which is not a declared parameter of this tool` }));
}

export async function checkToolCypher(body: ToolBody, deps: CypherCheckDeps): Promise<void> {
  const issues = await toolCypherIssues(body, deps);
  if (issues.length > 0) throw new ValidationError(issues);
}
