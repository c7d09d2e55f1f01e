// The list of a `list: true` built-in's result: the result itself when the operation returns
// an array, else its one array-valued field (or the one `list_key` names when it has several).
// Derived from the operation's response schema, so a definition that cannot say which list it
// means is caught when the definitions are checked, not when a result is cut.
import { z } from "zod";
import type { Operation } from "../operations/operation";
import type { ToolDefinition } from "./definition-schema";

/** Where a result keeps its list: `null` for a bare array, else the field's name. */
export type ListField = { field: string | null } | { problem: string };

export function listFieldOf(definition: ToolDefinition, operation: Operation): ListField {
  const response = operation.response;
  if (response instanceof z.ZodArray)
    return definition.list_key ? { problem: `list_key ${definition.list_key}: the result of ${operation.operationId} is a bare list` } : { field: null };
  if (!(response instanceof z.ZodObject)) return { problem: `list: the result of ${operation.operationId} is not a list or an object` };
  const arrays = Object.entries(response.shape as Record<string, z.ZodType>)
    .filter(([, schema]) => schema instanceof z.ZodArray)
    .map(([name]) => name);
  if (definition.list_key)
    return arrays.includes(definition.list_key)
      ? { field: definition.list_key }
      : { problem: `list_key ${definition.list_key} is not a list field of ${operation.operationId}'s result (list fields: ${arrays.join(", ") || "none"})` };
  if (arrays.length === 1) return { field: arrays[0]! };
  return {
    problem: `list: the result of ${operation.operationId} has ${arrays.length === 0 ? "no list field" : `several list fields (${arrays.join(", ")}): name one with list_key`}`,
  };
}
