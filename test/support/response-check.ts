// Every response the Worker tests receive through `api()` is checked against the schema its
// operation declares (the error schema for errors), so the OpenAPI document, generated from the
// same schemas, cannot promise a shape the API does not give. A field the schema does not
// declare counts as a mismatch: parsing drops it, and the parsed body must equal the body sent.
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { OPERATIONS } from "../../worker/operations";
import type { Operation } from "../../worker/operations/operation";
import { errorResponse } from "../../worker/operations/responses";

interface Route {
  operation: Operation;
  pattern: RegExp;
  /** Static segments win over parameters, as the router decides: /toolsets/export before /toolsets/{toolset_id}. */
  parameters: number;
}

const routes: Route[] = OPERATIONS.map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, "[^/]+")}$`),
  parameters: (operation.path.match(/\{/g) ?? []).length,
})).sort((a, b) => a.parameters - b.parameters);

export function operationFor(method: string, path: string): Operation | undefined {
  const pathname = path.split("?")[0]!;
  return routes.find((route) => route.operation.method === method.toLowerCase() && route.pattern.test(pathname))?.operation;
}

function mismatch(schema: z.ZodType, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  if (!result.success) return result.error.message;
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), body))
    return `fields the schema does not declare: parsed ${JSON.stringify(result.data).slice(0, 500)}`;
  return undefined;
}

/** Throws when a response does not match what its operation declares. */
export function checkResponse(method: string, path: string, status: number, body: unknown): void {
  const operation = operationFor(method, path);
  if (!operation) return;
  const where = `${method} ${path} (${operation.operationId}) answered ${status}`;
  if (status >= 400) {
    const problem = mismatch(errorResponse, body);
    if (problem) throw new Error(`${where} with an error body outside the error schema: ${problem}\n${JSON.stringify(body).slice(0, 500)}`);
    return;
  }
  if (operation.response === null) {
    if (status !== 204 || body !== undefined) throw new Error(`${where}; the operation declares 204 No Content`);
    return;
  }
  const expected = operation.status ?? 200;
  if (status !== expected) throw new Error(`${where}; the operation declares ${expected}`);
  const problem = mismatch(operation.response, body);
  if (problem) throw new Error(`${where} with a body outside its declared response: ${problem}\n${JSON.stringify(body).slice(0, 500)}`);
}
