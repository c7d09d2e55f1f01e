// Reading request bodies and path parameters, with 400s that say what was wrong.
import type { Context } from "hono";
import { BadRequestError } from "../errors";

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

export function versionParam(c: Context): number {
  const raw = c.req.param("version") ?? "";
  const version = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(version) || version < 1) throw new BadRequestError(`version must be a positive integer, got "${raw}"`);
  return version;
}
