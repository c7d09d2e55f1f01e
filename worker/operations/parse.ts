// Parsing an operation's input with its declared schemas, once, at the edge that received it
// (a REST route, an MCP tool call). Problems are a ValidationError naming each field.
import { ValidationError } from "../errors/domain";
import { issuesOf, parseInput } from "../input";
import type { Operation, OperationContext } from "./operation";

export function parseParams(operation: Operation, raw: Record<string, unknown>): Record<string, unknown> | undefined {
  return operation.params ? parseInput(operation.params, raw) : undefined;
}

/** The body as the operation takes it; undefined when it takes none. */
export async function parseBody(operation: Operation, ctx: OperationContext, raw: unknown): Promise<unknown> {
  if (!operation.body) return undefined;
  const body = raw === undefined && operation.optionalBody ? {} : raw;
  const result = operation.body.safeParse(body);
  if (result.success) return result.data;
  const further = operation.furtherIssues ? await operation.furtherIssues(ctx, body) : [];
  throw new ValidationError([...issuesOf(result.error), ...further]);
}
