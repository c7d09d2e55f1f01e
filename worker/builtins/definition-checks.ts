// The checks of definitions/<group>.yaml that need the operation each tool runs, for the keys
// of the Insights schema that say more than which operation a tool is: the hand-written input
// schemas it names, its page links, the placeholders of its confirmed_action message. They run
// as each file is parsed, so every problem names its line (load-definitions.ts).
import { placeholderNames } from "../confirmations/typed-confirm";
import type { Operation } from "../operations/operation";
import { type BuiltinTool, builtinToolName } from "./builtin-tool";
import type { DefinitionFile } from "./definition-schema";
import type { DefinitionIssue } from "./load-definitions";
import { type ToolInputCatalogue, namedInputProblems, namedInputs } from "./named-inputs";
import { builtinShape } from "./tool-shape";
import { linkProblems } from "./ui-link";

/** A `{name}` of the message that is no argument of the tool would stay in the text as written. */
function confirmedActionProblems(tool: BuiltinTool): DefinitionIssue[] {
  const message = tool.definition.confirmed_action?.message;
  if (!message) return [];
  const names = [...builtinShape(tool).fieldOf.keys()];
  return placeholderNames(message)
    .filter((name) => !names.includes(name))
    .map((name) => ({
      path: ["confirmed_action", "message"],
      message: `{${name}} names no argument of ${tool.name} (arguments: ${names.join(", ") || "none"}), so it would be shown as written`,
    }));
}

export function definitionFileProblems(group: string, file: DefinitionFile, operations: Operation[], catalogue: ToolInputCatalogue): DefinitionIssue[] {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  return Object.entries(file.tools).flatMap(([key, definition]) => {
    const operation = byId.get(definition.operation);
    // A definition of no operation of its group is reported by the drift check.
    if (!operation || operation.group !== group) return [];
    const tool = { name: builtinToolName(group, key), group, definition, operation, inputs: namedInputs(definition, catalogue) };
    return [...namedInputProblems(definition, operation, catalogue), ...linkProblems(definition, operation), ...confirmedActionProblems(tool)].map(
      ({ path, message }) => ({ path: ["tools", key, ...path], message }),
    );
  });
}
