// A built-in tool: one enabled definition of definitions/<group>.yaml and the REST operation it
// runs, with what its definition names looked up once, when the definitions are loaded.
import type { Operation } from "../operations/operation";
import type { ToolDefinition } from "./definition-schema";
import type { NamedInputs } from "./named-inputs";

export interface BuiltinTool {
  /** `{group}__{action}`, the MCP tool name. */
  name: string;
  group: string;
  definition: ToolDefinition;
  operation: Operation;
  /** The hand-written input schemas the definition names (tool-inputs.ts). */
  inputs?: NamedInputs;
  /** The admin UI page of each result item: url_prefix/enrich_url, its `{field}`s to fill (ui-link.ts). */
  page?: string;
}

export const builtinToolName = (group: string, key: string) => `${group}__${key.replaceAll("-", "_")}`;
