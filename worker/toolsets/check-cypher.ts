// A tool's Cypher must pass the layered validation, and every $name it uses must be one of
// the tool's declared parameters. Issues name the field "cypher" with the rule and position.
import { cypherFieldIssues } from "../cypher/issue";
import { validateCypher } from "../cypher/validate";
import { ValidationError, type FieldIssue } from "../errors/domain";
import type { CypherCheckDeps } from "../queries/run";
import type { ToolBody } from "./schemas";

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
