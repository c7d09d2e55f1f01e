// `url_prefix` + `enrich_url`: each result item of a built-in tool carries `ui_url`, the link to
// its page in the admin UI, so an agent can hand a person a link. The link is the public base
// (MCP_RESOURCE_URL's origin, else the request's), the file's url_prefix, then the tool's
// enrich_url with each `{field}` filled, URL-encoded, from the item, or else from the call's path
// parameter of that name (a version list's items do not repeat their toolset's id). An item
// without a value for a placeholder gets no link. Links are added before the response filter and
// the result bounds, so `response.include` must keep ui_url and the bounds count its bytes.
import { z } from "zod";
import type { Operation } from "../operations/operation";
import type { ToolDefinition } from "./definition-schema";
import { core, listFieldsOf, listItemSchemas } from "./list-field";
import type { DefinitionIssue } from "./load-definitions";

export const UI_URL = "ui_url";

const PLACEHOLDER = /\{(\w+)\}/g;

/** The fields every value of the schema has; undefined when its values are not objects. */
function fieldsOf(schema: z.ZodType): string[] | undefined {
  const inner = core(schema);
  if (inner instanceof z.ZodObject) return Object.keys(inner.shape);
  if (!(inner instanceof z.ZodUnion)) return undefined;
  const options = (inner.options as z.ZodType[]).map(fieldsOf);
  if (options.some((fields) => fields === undefined)) return undefined;
  return options[0]!.filter((field) => options.every((fields) => fields!.includes(field)));
}

const pathParameters = (operation: Operation) => Object.keys(operation.params?.shape ?? {}).filter((name) => operation.path.includes(`{${name}}`));

/** What enrich_url says that its operation's result and path do not bear out. */
export function linkProblems(definition: ToolDefinition, operation: Operation): DefinitionIssue[] {
  const template = definition.enrich_url;
  if (!template) return [];
  const path = ["enrich_url"];
  const { operationId } = operation;
  if (operation.response === null) return [{ path, message: `${operationId} answers nothing a link could be added to` }];
  const lists = definition.list ? listFieldsOf(definition, operation) : undefined;
  // A list the definitions check cannot find is reported there.
  if (lists && "problem" in lists) return [];
  const items = lists ? listItemSchemas(operation, lists.fields) : [operation.response];
  const what = lists ? `the items of ${operationId}'s result` : `${operationId}'s result`;
  const parameters = pathParameters(operation);
  const problems = new Set<string>();
  for (const item of items) {
    const fields = fieldsOf(item);
    if (!fields) {
      problems.add(`${what} are not objects, which a link could be added to`);
      continue;
    }
    if (fields.includes(UI_URL)) problems.add(`${what} already have a ${UI_URL} field`);
    for (const [, name] of template.matchAll(PLACEHOLDER)) {
      if (!fields.includes(name!) && !parameters.includes(name!))
        problems.add(
          `{${name}} is neither a field of ${what} (fields: ${fields.join(", ")}) nor a path parameter of ${operationId} (${parameters.join(", ") || "none"})`,
        );
    }
  }
  const issues: DefinitionIssue[] = [...problems].map((message) => ({ path, message }));
  const include = definition.response?.include;
  if (include && !include.includes(UI_URL))
    issues.push({ path: ["response", "include"], message: `leaves out ${UI_URL}, the link enrich_url adds to each item: add it` });
  return issues;
}

type Item = Record<string, unknown>;

/** The link of one item to `page` (url_prefix/enrich_url); undefined when a placeholder has no value. */
export function pageLink(base: string, page: string, params: Record<string, unknown> | undefined) {
  return (item: Item): string | undefined => {
    let complete = true;
    const path = page.replace(PLACEHOLDER, (_placeholder, name: string) => {
      const value = Object.hasOwn(item, name) ? item[name] : params && Object.hasOwn(params, name) ? params[name] : undefined;
      if (!(typeof value === "number" || (typeof value === "string" && value !== ""))) complete = false;
      return encodeURIComponent(String(value));
    });
    return complete ? `${base}${path}` : undefined;
  };
}

const isItem = (value: unknown): value is Item => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The result with `ui_url` on each item of its lists (`lists`: the result's list fields, or null
 * when the result is the list), or on the result itself when `lists` is undefined.
 */
export function withUiLinks(result: unknown, lists: string[] | null | undefined, link: (item: Item) => string | undefined): unknown {
  const linked = (item: unknown) => {
    const url = isItem(item) ? link(item) : undefined;
    return url ? { ...(item as Item), [UI_URL]: url } : item;
  };
  const linkedList = (list: unknown) =>
    Array.isArray(list) ? list.map(linked) : isItem(list) ? Object.fromEntries(Object.entries(list).map(([key, item]) => [key, linked(item)])) : list;
  if (lists === undefined) return linked(result);
  if (lists === null) return linkedList(result);
  if (!isItem(result)) return result;
  return { ...result, ...Object.fromEntries(lists.filter((field) => Object.hasOwn(result, field)).map((field) => [field, linkedList(result[field])])) };
}
