// Tool parameters on the command line: `--param name:type[:required][:sensitive][=default]`, repeatable,
// or the whole list as JSON with `--params-json`. Types are checked by the server; here a
// default is only read according to its type, so `=25` is a number for an integer parameter
// and the text "25" for a string one.
import type { z } from "zod";
import { type parameterSchema, type ParameterType, parameterTypes } from "../worker/api";
import { UsageError } from "./errors";

const SYNTAX = "name:type[:required|optional][:sensitive][=default]";

/** A parameter as --param gives it: its type, and a default for a type the server rejects, are as typed. */
type GivenParameter = Pick<z.input<typeof parameterSchema>, "name" | "required" | "sensitive"> & { type: string; default?: unknown };

/** Commander's reducer for repeatable options. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

function parseParamSpec(spec: string): GivenParameter {
  const equals = spec.indexOf("=");
  const head = equals === -1 ? spec : spec.slice(0, equals);
  const [name, type, ...flags] = head.split(":");
  // At most one of required and optional, then at most sensitive (its values never audited).
  const [presence, marked, ...extra] = flags[0] === "sensitive" ? [undefined, ...flags] : flags;
  if (
    !name ||
    !type ||
    extra.length > 0 ||
    (presence !== undefined && presence !== "required" && presence !== "optional") ||
    (marked !== undefined && marked !== "sensitive")
  ) {
    throw new UsageError(`--param ${JSON.stringify(spec)}: expected ${SYNTAX}`);
  }
  const parameter: GivenParameter = { name, type };
  if (presence) parameter.required = presence === "required";
  if (marked) parameter.sensitive = true;
  if (equals !== -1) parameter.default = readDefault(type, spec.slice(equals + 1), spec);
  return parameter;
}

const isParameterType = (type: string): type is ParameterType => (parameterTypes as readonly string[]).includes(type);

function readDefault(type: string, text: string, spec: string): unknown {
  // An unknown type is the server's to reject, with the list of types it accepts.
  return isParameterType(type) ? typedDefault(type, text, spec) : parseJsonOr(text, text);
}

function typedDefault(type: ParameterType, text: string, spec: string): string | number | boolean {
  const bad = () => new UsageError(`--param ${JSON.stringify(spec)}: default ${JSON.stringify(text)} does not fit type ${type}`);
  switch (type) {
    case "string":
      return text;
    case "integer":
      if (!/^-?\d+$/.test(text)) throw bad();
      return Number(text);
    case "float":
      if (text.trim() === "" || !Number.isFinite(Number(text))) throw bad();
      return Number(text);
    case "boolean":
      if (text !== "true" && text !== "false") throw bad();
      return text === "true";
  }
}

function parseParamsJson(text: string, flag: string): unknown[] {
  const value = parseJsonOr(text, undefined);
  if (!Array.isArray(value)) throw new UsageError(`${flag} must be a JSON array of parameters, like '[{"name": "limit", "type": "integer"}]'`);
  return value;
}

/**
 * The parameter list given by --param, --params-json or --parameters (upstream Seizu's name for
 * --params-json), one of them, or undefined for none.
 */
export function parametersOption({ param, paramsJson, parameters }: { param?: string[]; paramsJson?: string; parameters?: string }): unknown[] | undefined {
  const given = [param && "--param", paramsJson !== undefined && "--params-json", parameters !== undefined && "--parameters"].filter(Boolean);
  if (given.length > 1) throw new UsageError(`use one of --param, --params-json and --parameters, not ${given.join(" and ")}`);
  if (paramsJson !== undefined) return parseParamsJson(paramsJson, "--params-json");
  if (parameters !== undefined) return parseParamsJson(parameters, "--parameters");
  return param?.map(parseParamSpec);
}

function parseJsonOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
