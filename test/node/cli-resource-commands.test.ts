// The CLI's command generator (cli/commands/resource.ts) on a resource declared here: which
// commands it makes, in which order, with which arguments and options. What the commands send
// and print is the CLI's end-to-end tests' (test/e2e/cli*.test.ts), against a real Worker.
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addResourceCommands, type ResourceCommands } from "../../cli/commands/resource";

const toolsetOperations = {
  list: "toolsets_list",
  get: "toolsets_get",
  create: "toolsets_create",
  update: "toolsets_update",
  delete: "toolsets_delete",
  versions: "toolsets_versions",
  version_get: "toolsets_version_get",
  restore: "toolsets_restore",
} as const;

/** The usage line of each command `parent` has: "name <args>". */
const usages = (parent: Command) => parent.commands.map((command) => `${command.name()} ${command.usage()}`);
const longOptions = (command: Command) => command.options.filter((option) => !option.hidden).map((option) => option.long);

/** A "widgets" group with the commands `declared` adds to a widget declared on the toolset operations. */
function widgets(declared: Omit<Partial<ResourceCommands<typeof toolsetOperations>>, "noun" | "ids" | "params" | "operations"> = {}) {
  const parent = new Command("widgets").exitOverride();
  addResourceCommands(parent, {
    noun: "widget",
    ids: "<widget>",
    params: (toolset_id) => ({ toolset_id: toolset_id! }),
    operations: toolsetOperations,
    ...declared,
  });
  return parent;
}

describe("CLI resource commands", () => {
  it("makes the declared commands, in the order declared, each with the resource's ids", () => {
    const parent = widgets({
      get: { description: "show a widget", view: () => "" },
      list: { description: "list widgets", view: () => "" },
      delete: { description: "delete a widget" },
      versions: { view: () => "" },
      version_get: { view: () => "" },
      restore: { style: "server", restored: () => "" },
    });
    expect(usages(parent)).toEqual([
      "get [options] <widget>",
      "list [options]",
      "delete [options] <widget>",
      "versions [options] <widget>",
      "version-get [options] <widget> <n>",
      "restore [options] <widget> <n>",
    ]);
  });

  it("makes no command the declaration leaves out", () => {
    const parent = widgets();
    expect(parent.commands).toEqual([]);
  });

  it("names the noun in the history commands' help", () => {
    const parent = widgets({
      versions: { view: () => "" },
      version_get: { view: () => "" },
      restore: { style: "server", restored: () => "" },
    });
    expect(parent.commands.map((command) => command.description())).toEqual([
      "list the widget's versions, newest first",
      "show version <n> of the widget",
      "make version <n> the widget's current definition again (as a new version)",
    ]);
  });

  it("puts the parent's ids before the resource's own (list and create under a collection)", () => {
    const parent = new Command("widgets");
    addResourceCommands(parent, {
      noun: "part",
      ids: "<widget> <part>",
      params: (toolset_id, tool_id) => ({ toolset_id: toolset_id!, tool_id: tool_id! }),
      parent: { ids: "<widget>", params: (toolset_id) => ({ toolset_id: toolset_id! }) },
      operations: { list: "toolsets_tools_list", create: "toolsets_tool_create", delete: "toolsets_tool_delete" },
      list: { description: "list a widget's parts", view: () => "" },
      create: {
        args: "<widget> <part> <name>",
        description: "create a part",
        body: ([, id, name]) => ({ id: id!, name: name!, cypher: "RETURN 1" }),
        created: () => "",
      },
      delete: { description: "delete a part" },
    });
    expect(usages(parent)).toEqual(["list [options] <widget>", "create [options] <widget> <part> <name>", "delete [options] <widget> <part>"]);
  });

  it("names the new one with the resource's ids when create declares no arguments of its own", () => {
    const parent = widgets({
      create: { description: "create a widget", body: ([id]) => ({ id: id!, name: "Widget" }), created: () => "" },
    });
    expect(usages(parent)).toEqual(["create [options] <widget>"]);
  });

  it("gives a replacing update the definition file, the base version and the comment", () => {
    const parent = widgets({
      update: { style: "replace", description: "replace a widget", added: new Set(), updated: () => "" },
    });
    const [update] = parent.commands;
    expect(update!.usage()).toBe("[options] <widget>");
    expect(longOptions(update!)).toEqual(["--file", "--base-version", "--comment"]);
    expect(update!.options.find((option) => option.long === "--file")!.mandatory).toBe(true);
  });

  it("gives a merging update the options its declaration adds, and only those", () => {
    const parent = widgets({
      update: {
        style: "merge",
        description: "change a widget",
        options: (command) => command.option("--name <name>", "new name"),
        changes: (options) => ({ name: options.name }),
        updated: () => "",
      },
    });
    expect(longOptions(parent.commands[0]!)).toEqual(["--name"]);
  });

  it("refuses a version that is not a positive whole number before calling the server", async () => {
    const parent = widgets({
      version_get: { view: () => "" },
    });
    await expect(parent.parseAsync(["version-get", "w", "0"], { from: "user" })).rejects.toThrow('version "0" must be a positive whole number');
  });
});
