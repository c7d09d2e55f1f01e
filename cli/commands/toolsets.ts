// `seizu toolsets ...`: toolsets over the REST API, with their tools under `seizu toolsets tools`.
import type { Command } from "commander";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes";
import { action } from "../context";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { toolsetDefinitionFields, toolsetFields, toolsetsTable } from "../views";
import { addHistoryCommands } from "./history";
import { registerTools } from "./tools";

export function registerToolsets(program: Command) {
  const toolsets = addGlobalOptions(program.command("toolsets")).description("manage toolsets and their tools");

  addGlobalOptions(toolsets.command("list"))
    .description("list toolsets")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.toolsets.list(), (json) => toolsetsTable(json.toolsets));
      }),
    );

  addGlobalOptions(toolsets.command("get <toolset>"))
    .description("show a toolset")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.toolsets.get(id), toolsetFields);
      }),
    );

  addGlobalOptions(toolsets.command("create <toolset> <name>"))
    .description("create a toolset (<toolset> is its lower_snake_case id)")
    .option("--description <text>", "what the toolset is for")
    .option("--disabled", "create it disabled: none of its tools are exposed over MCP")
    .action(
      action(async (context, id: string, name: string, options: { description?: string; disabled?: boolean }) => {
        const reply = await context.api.toolsets.create({ id, name, description: options.description, enabled: options.disabled ? false : undefined });
        emit(context.format, reply, (json) => `created toolset ${json.id} (version ${json.version})`);
      }),
    );

  const update = addGlobalOptions(toolsets.command("update <toolset>"))
    .description("change a toolset (based on its current version; a concurrent change makes it fail)")
    .option("--name <name>", "new display name")
    .option("--description <text>", "new description");
  addEnabledOptions(update)
    .option("--comment <text>", "why, recorded in the version history")
    .action(
      action(async (context, id: string, options: { name?: string; description?: string; enabled?: boolean; disabled?: boolean; comment?: string }) => {
        const changes = requireChanges({ name: options.name, description: options.description, enabled: enabledValue(options) });
        const reply = await context.api.toolsets.update(id, changes, options.comment);
        emit(context.format, reply, (json) => `updated toolset ${json.id} to version ${json.version}`);
      }),
    );

  addGlobalOptions(toolsets.command("delete <toolset>"))
    .description("delete a toolset with all its tools and history")
    .action(
      action(async (context, id: string) => {
        await context.api.toolsets.delete(id);
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, toolset_id: id }, () => `deleted toolset ${id}`);
      }),
    );

  addHistoryCommands(toolsets, { kind: "toolset", ids: "<toolset>", history: (api) => api.toolsets, definition: toolsetDefinitionFields });
  registerTools(toolsets);
}
