// What the bounds tests of toolsets and skillsets share (README, Limits): the defaults a declared
// parameter refuses, whoever declares it, and an import refused whole.
import { expect } from "vitest";
import { api } from "./api";
import { nested, PAST_DATABASE_DEPTH } from "./nesting";
import { freshId } from "./toolsets";

/** Scalars of the parameter's type only, an integer within ±(2^53 − 1), text of at most 10,000 characters, never a nested value: each with the field error its 422 names. */

export const REFUSED_DEFAULTS: [string, Record<string, unknown>, { rule: string; message: string }][] = [
  ["an integer default beyond ±(2^53 − 1)", { type: "integer", default: 2 ** 53 }, { rule: "custom", message: "must be a integer like the parameter's type" }],
  ["a default of more than 10,000 characters", { default: "x".repeat(10_001) }, { rule: "too_big", message: "must be at most 10000 characters" }],
  [
    "a nested default, however deep",
    { default: nested(PAST_DATABASE_DEPTH) },
    { rule: "invalid_union", message: "must be a string, a number, true or false, or null" },
  ],
];

/** Imports one `parents` item (toolsets or skillsets) holding `children`, expects a 422 that writes nothing: the item's id and the field errors. */
export async function refusedImport(parents: "toolsets" | "skillsets", children: Record<string, Record<string, unknown>>) {
  const id = freshId("bounded");
  const childKey = parents === "toolsets" ? "tools" : "skills";
  const { status, body } = await api("POST", `/${parents}/import`, { [parents]: { [id]: { name: "Bounded", [childKey]: children } } });
  expect(status).toBe(422);
  expect((await api("GET", `/${parents}/${id}`)).status).toBe(404);
  return { id, fields: body.error.fields };
}
