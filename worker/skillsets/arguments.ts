// Binding a render's arguments to a skill's parameters. MCP prompt arguments are always
// strings, so a string that spells a value of the parameter's type ("3" for an integer, "true"
// for a boolean) is accepted beside the JSON value itself; anything else is an error naming the
// argument (null included, as for tools). Omitted parameters take their default, or render empty
// when optional.
import { ValidationError, type FieldIssue } from "../errors/domain";
import { matchesType } from "../toolsets/schemas";
import type { SkillParameter } from "./schemas";

const SPELLED: Record<SkillParameter["type"], (text: string) => unknown> = {
  string: (text) => text,
  integer: (text) => (/^-?\d+$/.test(text) ? Number(text) : undefined),
  float: (text) => (/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : undefined),
  boolean: (text) => (text === "true" ? true : text === "false" ? false : undefined),
};

function typedValue(parameter: SkillParameter, given: unknown): unknown {
  if (matchesType(parameter.type, given)) return given;
  if (typeof given !== "string") return undefined;
  const spelled = SPELLED[parameter.type](given.trim());
  return matchesType(parameter.type, spelled) ? spelled : undefined;
}

/** Each parameter's text in the rendered template, or a ValidationError listing every broken rule. */
export function bindSkillArguments(parameters: SkillParameter[], args: Record<string, unknown>): Map<string, string> {
  const issues: FieldIssue[] = [];
  const declared = new Set(parameters.map((parameter) => parameter.name));
  for (const name of Object.keys(args)) {
    if (!declared.has(name)) {
      issues.push({
        field: `arguments.${name}`,
        rule: "unknown_parameter",
        message: `is not a parameter of this skill (parameters: ${[...declared].join(", ") || "none"})`,
      });
    }
  }
  const values = new Map<string, string>();
  for (const parameter of parameters) {
    const field = `arguments.${parameter.name}`;
    const given = Object.hasOwn(args, parameter.name) ? args[parameter.name] : undefined;
    if (given === undefined) {
      const fallback = parameter.default;
      if (fallback !== undefined && fallback !== null) values.set(parameter.name, String(fallback));
      else if (parameter.required) issues.push({ field, rule: "required", message: `is required (${parameter.type})` });
      continue;
    }
    const value = typedValue(parameter, given);
    if (value === undefined) issues.push({ field, rule: "invalid_type", message: `must be a ${parameter.type}, got ${JSON.stringify(given)}` });
    else values.set(parameter.name, String(value));
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return values;
}
