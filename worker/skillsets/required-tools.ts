// A skill's tools_required must name tools that exist when the skill is written: user tools in
// D1 (enabled or not: enabling is a separate decision) or built-in tools of the enabled groups.
// A tool deleted later leaves the skill as it is; the list says what the skill was written for.
// Upstream Seizu's chat-only tools (its sandbox, `sandbox__*`, and its external MCP proxies,
// `ext__{proxy}__{tool}`) are kept as written, so a skill written for upstream loads unchanged,
// but they do not exist here: an import names each in a warning (chatOnlyWarnings).
import type { FieldIssue } from "../errors/domain";
import { TOOL } from "../toolsets/resources";
import type { Db } from "../store/db";
import { DefinitionReads } from "../store/definition-reads";

export interface ToolNames {
  db: Db;
  /** The MCP names of the built-in tools this deployment serves. */
  builtins(): string[];
}

async function existingUserTools(db: Db, names: string[]): Promise<Set<string>> {
  const keys = names.flatMap((name) => {
    const [toolsetId, toolId, ...rest] = name.split("__");
    return toolsetId && toolId && rest.length === 0 ? [{ parentId: toolsetId, id: toolId }] : [];
  });
  const found = await new DefinitionReads(db).existing([TOOL], keys);
  return new Set(found.map((key) => `${key.parentId}__${key.id}`));
}

/** Upstream's chat-only tools: its sandbox's and its external MCP proxies'. */
const CHAT_ONLY = /^(sandbox__|ext__[a-z0-9_]+?__)/;
export const isChatOnlyTool = (name: string) => CHAT_ONLY.test(name);

/**
 * @param planned tools that count as existing: those a dry run of the same seed file would create
 */
export async function requiredToolIssues(names: string[], tools: ToolNames, planned: ReadonlySet<string> = new Set()): Promise<FieldIssue[]> {
  if (names.length === 0) return [];
  const builtins = new Set([...tools.builtins(), ...planned]);
  const user = await existingUserTools(
    tools.db,
    names.filter((name) => !builtins.has(name)),
  );
  return names.flatMap((name, index) =>
    builtins.has(name) || user.has(name) || isChatOnlyTool(name)
      ? []
      : [{ field: `tools_required.${index}`, rule: "unknown_tool", message: `names ${name}, which is neither a user tool nor a built-in tool of this server` }],
  );
}

/** A warning for each of upstream's chat-only tools a skill requires: kept, but unavailable here. */
export function chatOnlyWarnings(names: string[]): FieldIssue[] {
  return names.flatMap((name, index) =>
    isChatOnlyTool(name)
      ? [
          {
            field: `tools_required.${index}`,
            rule: "unavailable_tool",
            message: `names ${name}, one of upstream Seizu's chat-only tools (its sandbox or an external MCP proxy): kept, but unavailable here`,
          },
        ]
      : [],
  );
}
