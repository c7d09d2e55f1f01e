// `seizu spaces ...`: spaces and their sub-spaces over the REST API, and a space's overview.
import type { Command } from "commander";
import { action } from "../context";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { spaceFields, spacesTable, subspacesTable, treeText } from "../report-views";

export function registerSpaces(program: Command) {
  const spaces = addGlobalOptions(program.command("spaces")).description("manage spaces and sub-spaces, where public reports are filed");

  addGlobalOptions(spaces.command("list"))
    .description("list spaces")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.spaces.list(), (json) => spacesTable(json.spaces));
      }),
    );

  addGlobalOptions(spaces.command("get <space>"))
    .description("show a space")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.spaces.get(id), spaceFields);
      }),
    );

  addGlobalOptions(spaces.command("tree <space>"))
    .description("show a space's sub-spaces and the reports filed in each")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.spaces.tree(id), treeText);
      }),
    );

  addGlobalOptions(spaces.command("create <name>"))
    .description("create a space (names are unique)")
    .option("--description <text>", "what the space is for")
    .action(
      action(async (context, name: string, options: { description?: string }) => {
        const reply = await context.api.spaces.create({ name, description: options.description });
        emit(context.format, reply, (json) => `created space ${json.space_id} (${json.name})`);
      }),
    );

  addGlobalOptions(spaces.command("update <space>"))
    .description("set a space's name and description (an omitted description becomes empty)")
    .requiredOption("--name <name>", "the space's name")
    .option("--description <text>", "what the space is for")
    .action(
      action(async (context, id: string, options: { name: string; description?: string }) => {
        emit(context.format, await context.api.spaces.update(id, { name: options.name, description: options.description }), spaceFields);
      }),
    );

  addGlobalOptions(spaces.command("overview <space> <report>"))
    .description("make a report filed in the space its overview (<report> none clears it)")
    .action(
      action(async (context, id: string, report: string) => {
        const reply = await context.api.spaces.overview(id, { report_id: report === "none" ? null : report });
        emit(context.format, reply, (json) => `space ${json.space_id} overview: ${json.overview_report_id ?? "none"}`);
      }),
    );

  addGlobalOptions(spaces.command("delete <space>"))
    .description("delete a space that holds no reports, with its sub-spaces")
    .action(
      action(async (context, id: string) => {
        await context.api.spaces.delete(id);
        emit(context.format, { deleted: true, space_id: id }, () => `deleted space ${id}`);
      }),
    );

  const subspaces = addGlobalOptions(spaces.command("subspaces")).description("manage a space's sub-spaces");

  addGlobalOptions(subspaces.command("list <space>"))
    .description("list a space's sub-spaces")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.spaces.subspaces(id), (json) => subspacesTable(json.subspaces));
      }),
    );

  addGlobalOptions(subspaces.command("create <space> <name>"))
    .description("create a sub-space (names are unique within the space)")
    .action(
      action(async (context, id: string, name: string) => {
        const reply = await context.api.spaces.createSubspace(id, { name });
        emit(context.format, reply, (json) => `created sub-space ${json.subspace_id} (${json.name}) in space ${json.space_id}`);
      }),
    );

  addGlobalOptions(subspaces.command("update <space> <subspace> <name>"))
    .description("rename a sub-space")
    .action(
      action(async (context, id: string, subspaceId: string, name: string) => {
        const reply = await context.api.spaces.updateSubspace(id, subspaceId, { name });
        emit(context.format, reply, (json) => `renamed sub-space ${json.subspace_id} to ${json.name}`);
      }),
    );

  addGlobalOptions(subspaces.command("delete <space> <subspace>"))
    .description("delete a sub-space; its reports stay in the space, ungrouped")
    .action(
      action(async (context, id: string, subspaceId: string) => {
        await context.api.spaces.deleteSubspace(id, subspaceId);
        emit(context.format, { deleted: true, space_id: id, subspace_id: subspaceId }, () => `deleted sub-space ${subspaceId}`);
      }),
    );
}
