// The defaults a declared parameter refuses, whoever declares it (a tool or a skill): scalars of
// the parameter's type only, an integer within ±(2^53 − 1), text of at most 10,000 characters,
// never a nested value (README, Limits). Each with the field error its 422 names.
import { nested, PAST_DATABASE_DEPTH } from "./nesting";

export const REFUSED_DEFAULTS: [string, Record<string, unknown>, { rule: string; message: string }][] = [
  ["an integer default beyond ±(2^53 − 1)", { type: "integer", default: 2 ** 53 }, { rule: "custom", message: "must be a integer like the parameter's type" }],
  ["a default of more than 10,000 characters", { default: "x".repeat(10_001) }, { rule: "too_big", message: "must be at most 10000 characters" }],
  [
    "a nested default, however deep",
    { default: nested(PAST_DATABASE_DEPTH) },
    { rule: "invalid_union", message: "must be a string, a number, true or false, or null" },
  ],
];
