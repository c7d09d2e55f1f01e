// The arguments of tools/call and prompts/get as they arrived, checked before the SDK parses the
// request with the spec's schemas, which get two things wrong for us: zod leaves a `__proto__`
// key out of the object it builds (the argument would vanish without a word), and a prompt
// argument that is not a string fails the spec's schema as an internal error (-32603) carrying
// zod's raw issue list. Either is a sentence naming the argument; server.ts reports it as
// tools/call reports bad arguments (a tool error) and prompts/get does (-32602).
import { z } from "zod";
import { ValidationError } from "../errors/domain";
import { parseInput, prototypeKeyIssues } from "../input";

/** Why a prompt argument is refused: a number or a boolean says how to spell it instead. */
function notAString(given: unknown): string {
  const spelled = typeof given === "number" || typeof given === "boolean" ? ` (send it as "${String(given)}")` : "";
  return `must be a string, as every MCP prompt argument is; got ${given === null ? "null" : Array.isArray(given) ? "a list" : typeof given}${spelled}`;
}

const promptArguments = z.record(z.string(), z.string({ error: (issue) => notAString(issue.input) }), {
  error: "must be an object whose values are strings",
});

const SUBJECT: Record<string, string> = { "tools/call": "", "prompts/get": "prompt " };

/** What is wrong with the request's arguments, or undefined for requests these rules do not concern. */
export function malformedArguments(method: string, params: unknown): string | undefined {
  const subject = SUBJECT[method];
  if (subject === undefined || params === null || typeof params !== "object") return undefined;
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  try {
    const issues = prototypeKeyIssues(args, "arguments");
    if (issues.length > 0) throw new ValidationError(issues);
    if (method === "prompts/get" && args !== undefined) parseInput(promptArguments, args, "arguments");
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return `Invalid arguments for ${subject}${typeof name === "string" ? name : "(unnamed)"}: ${error.message}`;
  }
}
