// `seizu plugins ...`: Agent Plugins over the REST API. validate, install and publish take a
// plugin directory (zipped here) or a .zip package; the server checks it (and stores it).
// show and remove are upstream Seizu's names; get and delete stay as their aliases.
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { action } from "../context";
import { LocalFailure } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { packageBytes } from "../plugin-package";
import { pluginFields, pluginRevisionsTable, pluginsTable } from "../views";
import { addResourceCommands, namedBy, positiveNumber } from "./resource";

export function registerPlugins(program: Command) {
  const plugins = addGlobalOptions(program.command("plugins")).description("manage Agent Plugins: packages of skills served as MCP prompts");

  const { resource: plugin, params } = namedBy("plugin", "<plugin>", "plugin_id");

  addResourceCommands(plugins, {
    ...plugin,
    operations: { list: "plugins_list", get: "plugins_get" },
    list: { description: "list installed plugins with their revision and skills", view: (json) => pluginsTable(json.plugins) },
    get: { as: "show", description: "show a plugin, its current revision and its skills", view: pluginFields },
  });

  addGlobalOptions(plugins.command("validate <path>"))
    .description("check a plugin directory or .zip package as install would, without installing it (exit 1 naming every problem)")
    .action(
      action(async (context, path: string) => {
        const reply = await context.api.call("plugins_validate", { body: { package_base64: Buffer.from(packageBytes(path)).toString("base64") } });
        emit(
          context.format,
          reply,
          (json) => `plugin ${json.plugin_id} (${json.name}) is valid: skills ${json.skills.join(", ") || "none"}, ${json.files.length} files`,
        );
      }),
    );

  addGlobalOptions(plugins.command("install <path>"))
    .description("install a plugin from a directory (plugin.json, skills/<name>/SKILL.md) or a .zip package (an installed one: its next revision)")
    .option("--comment <text>", "why, recorded with the revision")
    .action(
      action(async (context, path: string, options: { comment?: string }) => {
        const reply = await context.api.installPlugin(packageBytes(path), options.comment);
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
        const reply = await context.api.publishPlugin(id, packageBytes(path), options.comment);
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
          emit(
            context.format,
            await context.api.call("plugins_update", { params: params(id), body: { enabled } }),
            (json) => `plugin ${json.id} ${json.enabled ? "enabled" : "disabled"}`,
          );
        }),
      );
  }

  addResourceCommands(plugins, {
    ...plugin,
    operations: { versions: "plugins_versions", delete: "plugins_delete" },
    versions: { description: "a plugin's revisions, newest first", view: (json) => pluginRevisionsTable(json.versions) },
    delete: { as: "remove", description: "delete a plugin with every revision" },
  });

  // -o/--output names the file here, as upstream's; the output format is the program's --output.
  addGlobalOptions(plugins.command("download <plugin>"), { output: false })
    .description("save a plugin's package (its current revision, or --revision) as a .zip file")
    .requiredOption("-o, --output <file>", "the .zip file to write")
    .option("--revision <n>", "the revision (default: the current one)", positiveNumber("--revision"))
    .action(
      action(async (context, id: string, options: { output: string; revision?: number }) => {
        const revision = options.revision ?? (await context.api.call("plugins_get", { params: params(id) })).revision;
        const reply = await context.api.call("plugins_download", { params: { ...params(id), revision } });
        writePackage(options.output, Buffer.from(reply.package_base64, "base64"));
        emit(context.format, { plugin_id: id, revision, file: options.output, package_size: reply.package_size }, () => options.output);
      }),
    );
}

function writePackage(file: string, bytes: Buffer) {
  try {
    writeFileSync(file, bytes);
  } catch (error) {
    throw new LocalFailure(`cannot write ${file}: ${(error as Error).message}`);
  }
}
