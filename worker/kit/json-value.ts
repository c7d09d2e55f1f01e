// A free-form JSON value inside a stored definition (a report panel's fixed parameter, an
// input's default): any JSON, nested at most JSON_MAX_DEPTH levels of arrays and objects. The
// database refuses JSON nested past 1000 levels (SQLite's json_valid), and a definition holds
// its free-form values a few levels down; a bound well below that is refused here, at the
// field, rather than failing the write.
import { z } from "zod";
import { nestsDeeperThan } from "../json-depth";

export const JSON_MAX_DEPTH = 32;

/** Any JSON value nested at most JSON_MAX_DEPTH levels; deeper breaks the rule `too_deep` at the field. */
export const jsonValue = z.unknown().superRefine((value, ctx) => {
  if (nestsDeeperThan(value, JSON_MAX_DEPTH))
    ctx.addIssue({ code: "custom", params: { rule: "too_deep" }, message: `must nest at most ${JSON_MAX_DEPTH} levels of arrays and objects` });
});
