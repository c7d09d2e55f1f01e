// `seizu toolsets ...`: toolsets over the REST API, with their tools under `seizu toolsets tools`.
import { action } from "../context.mjs";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes.mjs";
import { segment } from "../http.mjs";
import { addGlobalOptions } from "../options.mjs";
import { emit } from "../output.mjs";
import { toolsetFields, toolsetsTable } from "../views.mjs";
import { addHistoryCommands } from "./history.mjs";
import { registerTools } from "./tools.mjs";

const toolsetPath = (/** @type {string} */ id) => `/toolsets/${segment(id)}`;

/** @param {import("commander").Command} program */
export function registerToolsets(program) {
  const toolsets = addGlobalOptions(program.command("toolsets")).description("manage toolsets and their tools");

  addGlobalOptions(toolsets.command("list"))
    .description("list toolsets")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.get("/toolsets"), (json) => toolsetsTable(json.toolsets));
      }),
    );

  addGlobalOptions(toolsets.command("get <toolset>"))
    .description("show a toolset")
    .action(
      action(async (context, id) => {
        emit(context.format, await context.api.get(toolsetPath(id)), toolsetFields);
      }),
    );

  addGlobalOptions(toolsets.command("create <toolset> <name>"))
    .description("create a toolset (<toolset> is its lower_snake_case id)")
    .option("--description <text>", "what the toolset is for")
    .option("--disabled", "create it disabled: none of its tools are exposed over MCP")
    .action(
      action(async (context, id, name, options) => {
        const reply = await context.api.post("/toolsets", { id, name, description: options.description, enabled: options.disabled ? false : undefined });
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
      action(async (context, id, options) => {
        const changes = requireChanges({ name: options.name, description: options.description, enabled: enabledValue(options) });
        // The API takes the version the change is based on, so a change made by someone else
        // in between is refused (409) instead of silently overwritten.
        const current = await context.api.get(toolsetPath(id));
        const reply = await context.api.patch(toolsetPath(id), { ...changes, base_version: current.version, comment: options.comment });
        emit(context.format, reply, (json) => `updated toolset ${json.id} to version ${json.version}`);
      }),
    );

  addGlobalOptions(toolsets.command("delete <toolset>"))
    .description("delete a toolset with all its tools and history")
    .action(
      action(async (context, id) => {
        await context.api.delete(toolsetPath(id));
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, toolset_id: id }, () => `deleted toolset ${id}`);
      }),
    );

  addHistoryCommands(toolsets, { kind: "toolset", ids: "<toolset>", path: toolsetPath });
  registerTools(toolsets, toolsetPath);
}
