// Free-form JSON a definition stores: the values of a query's $parameters (a workflow query
// activity's `parameters`, a scheduled query's `params`). Any JSON is taken, bounded in depth
// (as an ad-hoc query's parameters are, graph/parameter-values.ts) and in size, so one value
// cannot make every read of the workflow list heavy.
import { z } from "zod";
import { MAX_PARAMETER_DEPTH } from "../graph/parameter-values";

/** Characters of one value's JSON: a list of a few thousand account ids fits. */
export const JSON_VALUE_MAX_LENGTH = 65_536;

/** Levels of lists and maps around the deepest value; stops counting past the limit. */
function depthOf(value: unknown, limit: number): number {
  if (value === null || typeof value !== "object" || limit < 0) return 0;
  let deepest = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) deepest = Math.max(deepest, depthOf(item, limit - 1));
  return deepest + 1;
}

export const jsonValue = () =>
  z.unknown().superRefine((value, ctx) => {
    if (value === undefined) return;
    if (depthOf(value, MAX_PARAMETER_DEPTH) > MAX_PARAMETER_DEPTH) {
      ctx.addIssue({
        code: "too_big",
        origin: "array",
        maximum: MAX_PARAMETER_DEPTH,
        input: value,
        message: `must not nest lists and maps more than ${MAX_PARAMETER_DEPTH} levels deep`,
      });
      return;
    }
    const length = JSON.stringify(value).length;
    if (length > JSON_VALUE_MAX_LENGTH)
      ctx.addIssue({
        code: "too_big",
        origin: "string",
        maximum: JSON_VALUE_MAX_LENGTH,
        input: value,
        message: `must be at most ${JSON_VALUE_MAX_LENGTH} characters as JSON (it is ${length})`,
      });
  });
