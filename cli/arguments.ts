// Arguments of a tool call: `--arg KEY=JSON_VALUE` (repeatable) over `--args-json '{...}'`.
// Values are JSON so that numbers and booleans keep their types; text must be quoted.
import { UsageError } from "./errors";

export function callArguments({ arg = [], argsJson }: { arg?: string[]; argsJson?: string }): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (argsJson !== undefined) {
    const parsed = parseJson(argsJson, () => "--args-json is not valid JSON");
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new UsageError(`--args-json must be a JSON object, like '{"limit": 10}'`);
    Object.assign(args, parsed);
  }
  // --arg after --args-json, so a single value can be overridden on the command line.
  for (const pair of arg) {
    const equals = pair.indexOf("=");
    if (equals <= 0) throw new UsageError(`--arg ${JSON.stringify(pair)}: expected KEY=JSON_VALUE, like limit=10 or label='"CVE"'`);
    const key = pair.slice(0, equals);
    const text = pair.slice(equals + 1);
    args[key] = parseJson(text, () => `--arg ${key}: ${JSON.stringify(text)} is not a JSON value (quote text as JSON: ${key}='"${text}"')`);
  }
  return args;
}

function parseJson(text: string, problem: () => string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(problem());
  }
}
