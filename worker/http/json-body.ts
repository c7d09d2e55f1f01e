// Reading request bodies, with a 400 that says what was wrong.
import type { Context } from "hono";
import { BadRequestError } from "../errors/domain";

/** The JSON body, or undefined when there is none; malformed JSON is a 400. */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BadRequestError(`The request body is not valid JSON: ${(error as Error).message}`);
  }
}
