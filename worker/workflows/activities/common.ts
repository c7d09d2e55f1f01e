// Parameter declarations several activity types share, and the error messages of every field:
// "is required" when the field is missing, "must be ..." when it has the wrong type. Every
// string and list is bounded (README, "Workflows and scheduled queries"): a definition is read
// whole by every list of workflows.
import { z } from "zod";
import { formField } from "./form";

/** The most rows any activity's max_rows names (a query's is also bounded by WORKFLOW_QUERY_MAX_ROWS). */
export const MAX_ROWS_LIMIT = 100_000;
/** A query's $parameters, bounded as a saved tool's are. */
export const QUERY_PARAMETERS_MAX = 50;

export const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : `must be ${what}`),
});

/** A required, non-blank string of at most `max` characters. */
export const requiredString = (max: number) =>
  z
    .string(expected("a string"))
    .max(max, `must be at most ${max} characters`)
    .refine((value) => value.trim() !== "", "must not be blank");

/** A required list of non-blank strings: at least one, at most `entries`, each at most `max` characters. */
export const requiredStringList = (entries: number, max: number) =>
  z.array(requiredString(max), expected("a list of strings")).min(1, "must hold at least one value").max(entries, `must hold at most ${entries} values`);

export const queryReturnAttribute = formField(
  z.string(expected("a string")).min(1, "must not be empty").max(200, "must be at most 200 characters").default("details"),
  {
    label: "Query return attribute",
    description: "The column of each input row whose value is acted on",
  },
);

export const maxRows = formField(
  z.number(expected("a number")).int("must be an integer").min(1, "must be at least 1").max(MAX_ROWS_LIMIT, `must be at most ${MAX_ROWS_LIMIT}`).optional(),
  {
    label: "Max rows",
    description: "Act on at most this many input rows, the first ones",
  },
);
