// `seizu spaces ...`: spaces and their sub-spaces over the REST API, and a space's overview. A
// space is named by its id or its (unique) name.
import type { Command } from "commander";
import { action, type Context } from "../context";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { spaceFields, spacesTable, subspacesTable, treeText } from "../report-views";
import { spaceLookup } from "../names";
import { addResourceCommands, namedBy } from "./resource";

export function registerSpaces(program: Command) {
  const spaces = addGlobalOptions(program.command("spaces")).description("manage spaces and sub-spaces, where public reports are filed");
  const { resource: space, params: paramsOf } = namedBy("space", "<space>", "space_id", spaceLookup);
  const params = async (context: Context, given: string) => paramsOf(await spaceLookup(context, given));

  addResourceCommands(spaces, {
    ...space,
    operations: { list: "spaces_list", get: "spaces_get" },
    list: { description: "list spaces", view: (json) => spacesTable(json.spaces) },
    get: { description: "show a space", view: spaceFields },
  });

  addGlobalOptions(spaces.command("show <space>"))
    .alias("tree")
    .description("show a space's sub-spaces and the reports filed in each")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.call("spaces_get_tree", { params: await params(context, id) }), treeText);
      }),
    );

  addResourceCommands(spaces, {
    ...space,
    operations: { create: "spaces_create", update: "spaces_update" },
    create: {
      args: "<name>",
      description: "create a space (names are unique)",
      options: (command) => command.option("--description <text>", "what the space is for"),
      body: ([name], options: { description?: string }) => ({ name: name!, description: options.description }),
      created: (json) => `created space ${json.space_id} (${json.name})`,
    },
    update: {
      style: "put",
      description: "set a space's name and description (an omitted description becomes empty)",
      options: (command) => command.requiredOption("--name <name>", "the space's name").option("--description <text>", "what the space is for"),
      body: (options: { name: string; description?: string }) => ({ name: options.name, description: options.description }),
      view: spaceFields,
    },
  });

  addGlobalOptions(spaces.command("overview <space> <report>"))
    .description("make a report filed in the space its overview (<report> none clears it)")
    .action(
      action(async (context, id: string, report: string) => {
        const reply = await context.api.call("spaces_set_overview", {
          params: await params(context, id),
          body: { report_id: report === "none" ? null : report },
        });
        emit(context.format, reply, (json) => `space ${json.space_id} overview: ${json.overview_report_id ?? "none"}`);
      }),
    );

  addResourceCommands(spaces, {
    ...space,
    operations: { delete: "spaces_delete" },
    delete: { description: "delete a space that holds no reports, with its sub-spaces" },
  });

  const subspaces = addGlobalOptions(spaces.command("subspaces")).description("manage a space's sub-spaces");
  addResourceCommands(subspaces, {
    noun: "sub-space",
    ids: "<space> <subspace>",
    params: (space_id, subspace_id) => ({ space_id: space_id!, subspace_id: subspace_id! }),
    lookup: spaceLookup,
    parent: { ids: "<space>", params: (id) => paramsOf(id!) },
    operations: {
      list: "spaces_list_subspaces",
      create: "spaces_create_subspace",
      update: "spaces_update_subspace",
      delete: "spaces_delete_subspace",
    },
    list: { description: "list a space's sub-spaces", view: (json) => subspacesTable(json.subspaces) },
    create: {
      args: "<space> <name>",
      description: "create a sub-space (names are unique within the space)",
      body: ([, name]) => ({ name: name! }),
      created: (json) => `created sub-space ${json.subspace_id} (${json.name}) in space ${json.space_id}`,
    },
  });

  addGlobalOptions(subspaces.command("update <space> <subspace> <name>"))
    .description("rename a sub-space")
    .action(
      action(async (context, id: string, subspaceId: string, name: string) => {
        const at = { ...(await params(context, id)), subspace_id: subspaceId };
        const reply = await context.api.call("spaces_update_subspace", { params: at, body: { name } });
        emit(context.format, reply, (json) => `renamed sub-space ${json.subspace_id} to ${json.name}`);
      }),
    );

  addResourceCommands(subspaces, {
    noun: "sub-space",
    ids: "<space> <subspace>",
    params: (space_id, subspace_id) => ({ space_id: space_id!, subspace_id: subspace_id! }),
    lookup: spaceLookup,
    operations: { delete: "spaces_delete_subspace" },
    delete: { description: "delete a sub-space; its reports stay in the space, ungrouped", deleted: (_, subspaceId) => `deleted sub-space ${subspaceId}` },
  });
}
