// Binding a call's arguments to a tool's declared parameters: unknown names, wrong types
// (null included) and missing required values are errors naming the parameter; omitted
// optionals take their default (or null, so the query's $name is always bound); integers and floats are typed
// explicitly so Neo4j receives an INTEGER for an integer parameter and a FLOAT for a float.
import { ValidationError, type FieldIssue } from "../errors/domain";
import type { Parameters } from "../neo4j/client";
import { neo4jFloat, neo4jInteger, type ParameterValue } from "../neo4j/typed-json";
import { matchesType, type Parameter } from "./schemas";

/** Every rule the arguments break, each naming its parameter as `arguments.<name>`. */
export function argumentIssues(parameters: Parameter[], args: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const declared = new Set(parameters.map((parameter) => parameter.name));
  for (const name of Object.keys(args)) {
    if (!declared.has(name)) {
      const known = parameters.map((parameter) => parameter.name).join(", ") || "none";
      issues.push({ field: `arguments.${name}`, rule: "unknown_parameter", message: `is not a parameter of this tool (parameters: ${known})` });
    }
  }
  for (const parameter of parameters) {
    const given = argument(args, parameter.name);
    const field = `arguments.${parameter.name}`;
    if (given === undefined) {
      if (parameter.required) issues.push({ field, rule: "required", message: `is required (${parameter.type})` });
    } else if (given === null) {
      // No parameter type admits null: a null is refused, not taken for an omitted value.
      issues.push({ field, rule: "invalid_type", message: `must be a ${parameter.type}, not null` });
    } else if (!matchesType(parameter.type, given)) {
      issues.push({ field, rule: "invalid_type", message: `must be a ${describe(parameter)}, got ${JSON.stringify(given)}` });
    }
  }
  return issues;
}

/** The Neo4j parameters of a call, or a ValidationError listing every broken rule. */
export function bindArguments(parameters: Parameter[], args: Record<string, unknown>): Parameters {
  const issues = argumentIssues(parameters, args);
  if (issues.length > 0) throw new ValidationError(issues);
  const bound: Parameters = {};
  for (const parameter of parameters) {
    const given = argument(args, parameter.name);
    bound[parameter.name] = typed(parameter, given === undefined ? (parameter.default ?? null) : (given as ParameterValue));
  }
  return bound;
}

/** An argument the caller gave: own properties only, so a parameter named `constructor` is not Object's. */
function argument(args: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(args, name) ? args[name] : undefined;
}

function describe(parameter: Parameter): string {
  return parameter.type === "integer" ? "integer (a whole JSON number)" : parameter.type === "float" ? "float (a JSON number)" : parameter.type;
}

function typed(parameter: Parameter, value: ParameterValue): ParameterValue {
  if (value === null || typeof value !== "number") return value;
  return parameter.type === "integer" ? neo4jInteger(value) : neo4jFloat(value);
}
