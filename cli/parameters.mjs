// Tool parameters on the command line: `--param name:type[:required][=default]`, repeatable,
// or the whole list as JSON with `--params-json`. Types are checked by the server; here a
// default is only read according to its type, so `=25` is a number for an integer parameter
// and the text "25" for a string one.
import { UsageError } from "./errors.mjs";

const SYNTAX = "name:type[:required][=default]";

/** Commander's reducer for repeatable options. */
export const collect = (/** @type {string} */ value, /** @type {string[]} */ previous = []) => [...previous, value];

/**
 * @param {string} spec
 * @returns {{ name: string, type: string, required?: boolean, default?: unknown }}
 */
function parseParamSpec(spec) {
  const equals = spec.indexOf("=");
  const head = equals === -1 ? spec : spec.slice(0, equals);
  const [name, type, flag, ...extra] = head.split(":");
  if (!name || !type || extra.length > 0 || (flag !== undefined && flag !== "required" && flag !== "optional")) {
    throw new UsageError(`--param ${JSON.stringify(spec)}: expected ${SYNTAX}`);
  }
  /** @type {{ name: string, type: string, required?: boolean, default?: unknown }} */
  const parameter = { name, type };
  if (flag) parameter.required = flag === "required";
  if (equals !== -1) parameter.default = readDefault(type, spec.slice(equals + 1), spec);
  return parameter;
}

/** @param {string} type @param {string} text @param {string} spec */
function readDefault(type, text, spec) {
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
    default:
      // An unknown type is the server's to reject, with the list of types it accepts.
      return parseJsonOr(text, text);
  }
}

/** @param {string} text @returns {unknown[]} */
function parseParamsJson(text) {
  const value = parseJsonOr(text, undefined);
  if (!Array.isArray(value)) throw new UsageError(`--params-json must be a JSON array of parameters, like '[{"name": "limit", "type": "integer"}]'`);
  return value;
}

/**
 * The parameter list given by --param or --params-json (not both), or undefined for neither.
 * @param {{ param?: string[], paramsJson?: string }} options
 */
export function parametersOption({ param, paramsJson }) {
  if (param && paramsJson !== undefined) throw new UsageError("use either --param or --params-json, not both");
  if (paramsJson !== undefined) return parseParamsJson(paramsJson);
  return param?.map(parseParamSpec);
}

/** @param {string} text @param {unknown} fallback */
function parseJsonOr(text, fallback) {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
