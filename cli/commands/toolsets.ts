// `seizu toolsets ...`: toolsets over the REST API, with their tools under `seizu toolsets tools`.
import type { Command } from "commander";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes";
import { addGlobalOptions } from "../options";
import { toolsetDefinitionFields, toolsetFields, toolsetsTable } from "../views";
import { kitHistory } from "./kit-history";
import { addResourceCommands, namedBy, operationsNamed, VERSIONED_ACTIONS } from "./resource";
import { registerTools } from "./tools";

export function registerToolsets(program: Command) {
  const toolsets = addGlobalOptions(program.command("toolsets")).description("manage toolsets and their tools");

  addResourceCommands(toolsets, {
    ...namedBy("toolset", "<toolset>", "toolset_id").resource,
    operations: operationsNamed("toolsets", VERSIONED_ACTIONS),
    list: { description: "list toolsets", view: (json) => toolsetsTable(json.toolsets) },
    get: { description: "show a toolset", view: toolsetFields },
    create: {
      args: "<toolset> <name>",
      description: "create a toolset (<toolset> is its lower_snake_case id)",
      options: (command) =>
        command
          .option("-d, --description <text>", "what the toolset is for")
          .option("--disabled", "create it disabled: none of its tools are exposed over MCP"),
      body: ([id, name], options: { description?: string; disabled?: boolean }) => ({
        id,
        name,
        description: options.description,
        enabled: options.disabled ? false : undefined,
      }),
      created: (json) => `created toolset ${json.id} (version ${json.version})`,
    },
    update: {
      style: "merge",
      description: "change a toolset (based on its current version; a concurrent change makes it fail)",
      options: (command) =>
        addEnabledOptions(command.option("-n, --name <name>", "new display name").option("-d, --description <text>", "new description")).option(
          "-c, --comment <text>",
          "why, recorded in the version history",
        ),
      changes: (options: { name?: string; description?: string; enabled?: boolean; disabled?: boolean }) =>
        requireChanges({ name: options.name, description: options.description, enabled: enabledValue(options) }),
      updated: (json) => `updated toolset ${json.id} to version ${json.version}`,
    },
    delete: { description: "delete a toolset with all its tools and history" },
    ...kitHistory("toolset", toolsetDefinitionFields),
  });
  registerTools(toolsets);
}
