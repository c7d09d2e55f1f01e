// The tool error of a built-in result over MCP_TOOL_RESULT_MAX_BYTES that cannot be cut to fit:
// how large it is, and where the REST API serves the same data in full (REST responses are not
// held to the MCP result limits). A write has already happened when its result is shaped, so
// its error says so, lest the caller repeat it, and points at the nearest route that reads it.
import { OPERATIONS } from "../operations";
import type { Operation } from "../operations/operation";
import type { BuiltinTool } from "./builtin-tool";

const API = "/api/v1";

const templateOf = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`);
const readRoutes = OPERATIONS.filter((operation) => operation.method === "get").map((operation) => templateOf(operation.path));

/** The operation's own route for this call: path parameters filled in, the others as the query. */
function routeOf(operation: Operation, params: Record<string, unknown> | undefined): string {
  const values = params ?? {};
  const inPath = new Set<string>();
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    inPath.add(name);
    return encodeURIComponent(String(values[name]));
  });
  const query = new URLSearchParams(
    Object.entries(values)
      .filter(([name, value]) => !inPath.has(name) && value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  ).toString();
  return `${API}${path}${query ? `?${query}` : ""}`;
}

/** The longest prefix of a write's target that a GET route serves: the resource it changed. */
function readRouteOf(target: string): string | undefined {
  const segments = target.split("/");
  for (let length = segments.length; length > 1; length--) {
    const path = segments.slice(0, length).join("/");
    if (readRoutes.some((route) => route.test(path))) return `${API}${path}`;
  }
  return undefined;
}

export interface Oversize {
  bytes: number;
  maxBytes: number;
  /** The result has lists, and not even one of their items fits. */
  listed: boolean;
}

export function tooLargeMessage(tool: BuiltinTool, params: Record<string, unknown> | undefined, target: string, size: Oversize): string {
  const { operation, definition } = tool;
  const why = size.listed ? "not even one item of its list fits" : "it is one value, with no list to cut";
  const over = `is ${size.bytes} bytes, over MCP_TOOL_RESULT_MAX_BYTES (${size.maxBytes}), and ${why}`;
  if (definition.annotations?.readOnly === false) {
    const read = readRouteOf(target);
    return `${tool.name} ran and its change is saved, but its result ${over}, so it is not returned. ${read ? `Read it from the REST API: GET ${read}.` : "Read it from the REST API."}`;
  }
  const route = `${operation.method.toUpperCase()} ${routeOf(operation, params)}`;
  const renamed = Object.entries(definition.param_renames ?? {}).map(([field, argument]) => `${argument} is ${field}`);
  const body = operation.body ? `, with the same input as the JSON body${renamed.length > 0 ? ` (where ${renamed.join(", ")})` : ""}` : "";
  return `The result of ${tool.name} ${over}. Get it in full from the REST API: ${route}${body}.`;
}
