// `seizu toolsets ...`: toolsets over the REST API, with their tools under `seizu toolsets tools`.
import type { Command } from "commander";
import type { ReplyOf } from "../../worker/api";
import { toolsetFields, toolsetsTable } from "../views";
import { addGlobalOptions } from "../options";
import { kitParent } from "./kit-parent";
import { addResourceCommands } from "./resource";
import { registerTools } from "./tools";

export function registerToolsets(program: Command) {
  const toolsets = addGlobalOptions(program.command("toolsets")).description("manage toolsets and their tools");
  addResourceCommands(
    toolsets,
    kitParent("toolset", "toolsets", "tool", { list: (json: ReplyOf<"toolsets_list">) => toolsetsTable(json.toolsets), get: toolsetFields }),
  );
  registerTools(toolsets);
}
