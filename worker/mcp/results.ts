// A bounded tool result as an MCP CallToolResult: structured content plus the same JSON as
// text for clients that only read text. The fixed "no row fits" message is an error result.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { type BoundedResult, resultsText } from "../results/bounded";

export function toCallToolResult(result: BoundedResult): CallToolResult {
  if (typeof result === "string") return errorResult(result);
  return { content: [{ type: "text", text: resultsText(result) }], structuredContent: { results: result } };
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
