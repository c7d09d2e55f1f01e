// A workflow's or scheduled query's definition read from a file (YAML or JSON) for create and
// update. Its content is the server's to validate, which names every problem by its field. A
// file saved from `get` or `version-get --output json` may be given as it is: the fields the
// server adds to a definition (ids, versions, audit and run state) are left out, since they
// are not the definition's to change.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { scheduledQueryBody, scheduledQueryItem, scheduledQueryVersion, workflowBody, workflowItem, workflowVersion } from "../worker/api";
import { UsageError } from "./errors";

/** The fields of a reply that are not part of the definition (the comment comes from --comment). */
const addedBy = (definition: object, ...replies: object[]) =>
  new Set(replies.flatMap((reply) => Object.keys(reply)).filter((key) => !Object.hasOwn(definition, key)));

export const WORKFLOW_ADDED = addedBy(workflowBody.shape, workflowItem.shape, workflowVersion.shape);
export const SCHEDULED_QUERY_ADDED = addedBy(scheduledQueryBody.shape, scheduledQueryItem.shape, scheduledQueryVersion.shape);

/**
 * @param added the fields a reply adds to the definition, dropped from the file's content
 * @returns the file's mapping
 */
export function readDefinition(file: string, added: Set<string>): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read definition file ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new UsageError(`definition file ${file} is not YAML or JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new UsageError(`definition file ${file} must hold a mapping (name, ...)`);
  return Object.fromEntries(Object.entries(value).filter(([key]) => !added.has(key)));
}
