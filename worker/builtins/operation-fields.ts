// The fields a REST operation takes, as JSON Schema: its path parameters and its body's
// properties. A built-in tool's input is made of these; definitions name them.
import { z } from "zod";
import type { Operation } from "../operations/operation";

export interface ObjectSchema {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
}

/** A schema as JSON Schema of what a caller sends, without the `$schema` header: a tool's input, or one argument of it. */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _header, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return json;
}

const objectSchema = (schema: z.ZodType | undefined): ObjectSchema => (schema ? (inputJsonSchema(schema) as ObjectSchema) : {});

export function operationFields(operation: Operation): { params: ObjectSchema; body: ObjectSchema } {
  return { params: objectSchema(operation.params), body: objectSchema(operation.body) };
}

/** Every field name the operation takes, path parameters first. */
export function fieldNames(operation: Operation): string[] {
  const { params, body } = operationFields(operation);
  return [...Object.keys(params.properties ?? {}), ...Object.keys(body.properties ?? {})];
}
