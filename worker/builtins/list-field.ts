// The lists of a `list: true` built-in's result, which the result limits cut: the result itself
// when the operation returns an array, else its one list field, or the fields `list_key` names
// when it has several. A list field is an array, or a collection keyed by id (export's
// `toolsets`). Derived from the operation's response schema, so a definition that cannot say
// which lists it means is caught when the definitions are checked, not when a result is cut.
import { z } from "zod";
import type { Operation } from "../operations/operation";
import type { ToolDefinition } from "./definition-schema";

/** Where a result keeps its lists: `null` for a bare array, else the fields' names. */
export type ListFields = { fields: string[] | null } | { problem: string };

/** The schema inside optional, nullable and default wrappers. */
export function core(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault ? core(schema.unwrap() as z.ZodType) : schema;
}

function isList(schema: z.ZodType): boolean {
  const inner = core(schema);
  if (inner instanceof z.ZodArray) return true;
  if (!(inner instanceof z.ZodRecord)) return false;
  const value = core(inner.valueType as z.ZodType);
  return value instanceof z.ZodObject || value instanceof z.ZodRecord;
}

export function listFieldsOf(definition: ToolDefinition, operation: Operation): ListFields {
  const response = operation.response;
  const named = definition.list_key === undefined ? undefined : [definition.list_key].flat();
  if (response instanceof z.ZodArray)
    return named ? { problem: `list_key ${named.join(", ")}: the result of ${operation.operationId} is a bare list` } : { fields: null };
  if (!(response instanceof z.ZodObject)) return { problem: `list: the result of ${operation.operationId} is not a list or an object` };
  const lists = Object.entries(response.shape as Record<string, z.ZodType>)
    .filter(([, schema]) => isList(schema))
    .map(([name]) => name);
  if (named) {
    const strays = named.filter((name) => !lists.includes(name));
    return strays.length === 0
      ? { fields: named }
      : { problem: `list_key ${strays.join(", ")} is not a list field of ${operation.operationId}'s result (list fields: ${lists.join(", ") || "none"})` };
  }
  if (lists.length === 1) return { fields: lists };
  return {
    problem: `list: the result of ${operation.operationId} has ${lists.length === 0 ? "no list field" : `several list fields (${lists.join(", ")}): name those to cut with list_key`}`,
  };
}

/** The schema of one item of each list: an array's element, or a keyed collection's value. */
export function listItemSchemas(operation: Operation, fields: string[] | null): z.ZodType[] {
  const response = operation.response as z.ZodType;
  const lists = fields === null ? [response] : fields.map((field) => (response as z.ZodObject).shape[field] as z.ZodType);
  return lists.map((list) => {
    const inner = core(list);
    return core((inner instanceof z.ZodArray ? inner.element : (inner as z.ZodRecord).valueType) as z.ZodType);
  });
}
