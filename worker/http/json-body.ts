// Reading request bodies, with a 400 that says what was wrong.
import type { Context } from "hono";
import { BadRequestError, ValidationError } from "../errors/domain";
import { prototypeKeyIssues } from "../input";

/** The JSON body, or undefined when there is none; malformed JSON is a 400, a `__proto__` key a 422. */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new BadRequestError(`The request body is not valid JSON: ${(error as Error).message}`);
  }
  const issues = prototypeKeyIssues(body);
  if (issues.length > 0) throw new ValidationError(issues);
  return body;
}
