// What the seed file's toolsets: and skillsets: sections may hold, read off the import bodies'
// schemas (importInput in worker/toolsets/schemas.ts, skillsetImportInput in
// worker/skillsets/schemas.ts) so that the file is checked for the keys the
// server knows: each mapping's keys in the schema's order, which of them are required, and
// what kind of value each takes. The content (ids, lengths, parameter types, Cypher) is the
// server's to validate, with the same schema.
import { z } from "zod";
import { importInput, skillsetImportInput } from "../worker/api";

export type Field =
  | { kind: "string" | "number" | "boolean" | "scalar" | "strings"; required: boolean }
  | { kind: "ids" | "list"; of: Fields; required: boolean };
export type Fields = Record<string, Field>;

/** Text, a number, true/false or null: a parameter's default. */
const isScalar = (schema: unknown) =>
  schema instanceof z.ZodString || schema instanceof z.ZodNumber || schema instanceof z.ZodBoolean || schema instanceof z.ZodNull;

/** An enum is text as far as the file goes: the server names the values it accepts. */
function fieldOf(schema: z.ZodType, path: string): Field {
  // A field with a default, or an optional one, may be left out.
  const optional = schema instanceof z.ZodDefault || schema instanceof z.ZodOptional;
  const required = !optional;
  const unwrapped: unknown = optional ? schema.unwrap() : schema;
  // A list cleaned up by the server (duplicates dropped) is checked as the list it starts from.
  const value: unknown = unwrapped instanceof z.ZodPipe ? unwrapped.in : unwrapped;
  if (value instanceof z.ZodString || value instanceof z.ZodEnum) return { kind: "string", required };
  if (value instanceof z.ZodBoolean) return { kind: "boolean", required };
  if (value instanceof z.ZodNumber) return { kind: "number", required };
  if (value instanceof z.ZodUnion && value.options.every(isScalar)) return { kind: "scalar", required };
  if (value instanceof z.ZodRecord) return { kind: "ids", of: fieldsOf(value.valueType, path), required };
  if (value instanceof z.ZodArray && value.element instanceof z.ZodString) return { kind: "strings", required };
  if (value instanceof z.ZodArray) return { kind: "list", of: fieldsOf(value.element, `${path}.N`), required };
  // A new kind of value in the schema needs a check of its own here; saying so at once keeps
  // the file from being checked against less than the server knows.
  throw new Error(`seed file: no check for the kind of value of ${path}`);
}

function fieldsOf(schema: unknown, path: string): Fields {
  if (!(schema instanceof z.ZodObject)) throw new Error(`seed file: ${path} is not a mapping of fields`);
  return Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [key, fieldOf(field, `${path}.${key}`)]));
}

/** The toolsets: section: toolsets keyed by id, each with its tools keyed by id. */
export const TOOLSETS = fieldOf(importInput.shape.toolsets, "toolsets");
/** The skillsets: section: skillsets keyed by id, each with its skills keyed by id. */
export const SKILLSETS = fieldOf(skillsetImportInput.shape.skillsets, "skillsets");

const text = (required = false): Field => ({ kind: "string", required });

/**
 * Upstream's spaces: section: spaces keyed by a local handle (never sent to the server; spaces
 * are matched by name), each with sub-spaces keyed likewise and an overview naming a report key.
 */
export const SPACES: Field = {
  kind: "ids",
  required: false,
  of: { name: text(true), description: text(), overview: text(), subspaces: { kind: "ids", required: false, of: { name: text(true) } } },
};

/** Upstream's plugins: section: plugins keyed by id, each a package directory relative to the file. */
export const PLUGINS: Field = { kind: "ids", required: false, of: { source: text(true), enabled: { kind: "boolean", required: false } } };
