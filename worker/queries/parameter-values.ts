// The values of a query's $parameters as a caller gives them (an ad-hoc query's, a report
// panel's, a workflow query activity's), checked before they are typed for Neo4j: JSON the typed
// encoding cannot carry faithfully is refused naming the value, where it would otherwise fail
// later as an internal error.
import { ValidationError, type FieldIssue } from "../errors/domain";
import type { ParameterValue } from "../neo4j/typed-json";

/**
 * Levels of lists and maps one value may nest. Query parameters nest a few levels; each level
 * costs two levels of the typed JSON Neo4j parses, and Neo4j refuses a request nested over 1000
 * levels with an opaque error, so the limit sits far below that and names the parameter.
 */
export const MAX_PARAMETER_DEPTH = 32;

/** The parameters as Neo4j values, or a ValidationError naming each value that breaks a rule. */
export function checkedParameters(values: Record<string, unknown>): Record<string, ParameterValue> {
  const issues = Object.keys(values).flatMap((name) => {
    const field = `parameters.${name}`;
    const issue = problem(values[name], field, field, 0);
    return issue ? [issue] : [];
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return values as Record<string, ParameterValue>;
}

/**
 * The first rule `value` breaks. `depth` counts the lists and maps around it, so recursion
 * stops one level past the limit however deep the input goes; a value too deep is reported at
 * its parameter, where the caller can act on it.
 */
function problem(value: unknown, path: string, parameter: string, depth: number): FieldIssue | undefined {
  if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return {
      field: path,
      rule: "unsafe_integer",
      message: `is a whole number beyond ±${Number.MAX_SAFE_INTEGER} (2^53 − 1), which a JSON number cannot carry exactly; send it as a string and convert it in Cypher with toInteger()`,
    };
  }
  if (value === null || typeof value !== "object") return undefined;
  if (depth === MAX_PARAMETER_DEPTH) {
    return { field: parameter, rule: "too_deep", message: `nests lists and maps more than ${MAX_PARAMETER_DEPTH} levels deep` };
  }
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const issue = problem(item, `${path}.${key}`, parameter, depth + 1);
    if (issue) return issue;
  }
  return undefined;
}

/** Each parameter's Neo4j type, by name: what a plan depends on besides the text. */
export function parameterTypes(parameters: Record<string, ParameterValue>): string[] {
  return Object.keys(parameters)
    .sort()
    .map((name) => `${name}:${typeOf(parameters[name])}`);
}

function typeOf(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "float";
  return typeof value === "object" ? "map" : typeof value;
}
