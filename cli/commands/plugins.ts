// `seizu plugins ...`: Agent Plugins over the REST API. install and publish take a plugin
// directory (zipped here) or a .zip package; the server checks it and stores it.
import type { Command } from "commander";
import { action } from "../context";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { packageBytes } from "../plugin-package";
import { pluginFields, pluginRevisionsTable, pluginsTable } from "../views";

export function registerPlugins(program: Command) {
  const plugins = addGlobalOptions(program.command("plugins")).description("manage Agent Plugins: packages of skills served as MCP prompts");

  addGlobalOptions(plugins.command("list"))
    .description("list installed plugins with their revision and skills")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.plugins.list(), (json) => pluginsTable(json.plugins));
      }),
    );

  addGlobalOptions(plugins.command("get <plugin>"))
    .description("show a plugin, its current revision and its skills")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.plugins.get(id), pluginFields);
      }),
    );

  addGlobalOptions(plugins.command("install <path>"))
    .description("install a new plugin from a directory (plugin.json, skills/<name>/SKILL.md) or a .zip package")
    .option("--comment <text>", "why, recorded with revision 1")
    .action(
      action(async (context, path: string, options: { comment?: string }) => {
        const reply = await context.api.plugins.install(packageBytes(path), options.comment);
        emit(
          context.format,
          reply,
          (json) => `installed plugin ${json.id} (revision ${json.revision}, skills: ${json.skills.map((s) => s.name).join(", ") || "none"})`,
        );
      }),
    );

  addGlobalOptions(plugins.command("publish <plugin> <path>"))
    .description("publish a directory or .zip as the plugin's next revision (based on its current one; the same content makes none)")
    .option("--comment <text>", "why, recorded with the revision")
    .action(
      action(async (context, id: string, path: string, options: { comment?: string }) => {
        const reply = await context.api.plugins.publish(id, packageBytes(path), options.comment);
        emit(context.format, reply, (json) => `plugin ${json.id} is at revision ${json.revision}`);
      }),
    );

  for (const [name, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    addGlobalOptions(plugins.command(`${name} <plugin>`))
      .description(`${name} a plugin (its skills are prompts only while it is enabled; no new revision)`)
      .action(
        action(async (context, id: string) => {
          emit(context.format, await context.api.plugins.setEnabled(id, enabled), (json) => `plugin ${json.id} ${json.enabled ? "enabled" : "disabled"}`);
        }),
      );
  }

  addGlobalOptions(plugins.command("versions <plugin>"))
    .description("a plugin's revisions, newest first")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.plugins.versions(id), (json) => pluginRevisionsTable(json.versions));
      }),
    );

  addGlobalOptions(plugins.command("delete <plugin>"))
    .description("delete a plugin with every revision")
    .action(
      action(async (context, id: string) => {
        await context.api.plugins.delete(id);
        emit(context.format, { deleted: true, plugin_id: id }, () => `deleted plugin ${id}`);
      }),
    );
}
