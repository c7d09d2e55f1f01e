// Parameter declarations several activity types share, and the error messages of every field:
// "is required" when the field is missing, "must be ..." when it has the wrong type.
import { z } from "zod";
import { formField } from "./form";

export const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : `must be ${what}`),
});

/** A required, non-blank string. */
export const requiredString = () => z.string(expected("a string")).refine((value) => value.trim() !== "", "must not be blank");

/** A required list of non-blank strings, at least one. */
export const requiredStringList = () => z.array(requiredString(), expected("a list of strings")).min(1, "must hold at least one value");

export const queryReturnAttribute = formField(z.string(expected("a string")).min(1, "must not be empty").default("details"), {
  label: "Query return attribute",
  description: "The column of each input row whose value is acted on",
});

export const maxRows = formField(z.number(expected("a number")).int("must be an integer").min(1, "must be at least 1").optional(), {
  label: "Max rows",
  description: "Act on at most this many input rows, the first ones",
});
