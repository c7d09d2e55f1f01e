// The commands of a resource the Worker's kit versions that holds others (a toolset its tools, a
// skillset its skills), and of those it holds: made alike, as upstream Seizu's CLI makes them,
// with its short flags. Spread into the resource's declaration (resource.ts).
import type { Command } from "commander";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes";
import { namedDefinitionFields } from "../views";
import { kitHistory } from "./kit-history";
import { namedBy, namedChild, operationsNamed, VERSIONED_ACTIONS } from "./resource";

interface KitParent {
  id: string;
  /** Absent only on a built-in one, which is never created or updated. */
  version?: number;
}

interface Shown<List, One> {
  /** The list's table, from the list reply. */
  list(json: List): string;
  get(json: One): string;
}

/** The resource named by `<noun>`, holding `<child>`ren, its operations `<prefix>_<action>` and every versioned command. */
export function kitParent<P extends string, List, One>(noun: string, prefix: P, child: string, show: Shown<List, One>) {
  const disabled = `none of its ${child}s are served over MCP`;
  const children = `${child}s`;
  return {
    ...kitHistory(noun, namedDefinitionFields),
    ...namedBy(noun, `<${noun}>`, `${noun}_id`).resource,
    operations: operationsNamed(prefix, VERSIONED_ACTIONS),
    list: { description: `list ${noun}s`, view: show.list },
    get: { description: `show a ${noun}`, view: show.get },
    create: {
      args: `<${noun}> <name>`,
      description: `create a ${noun} (<${noun}> is its lower_snake_case id)`,
      options: (command: Command) =>
        command.option("-d, --description <text>", `what the ${noun} is for`).option("--disabled", `create it disabled: ${disabled}`),
      body: ([id, name]: string[], options: { description?: string; disabled?: boolean }) => ({
        id: id!,
        name: name!,
        description: options.description,
        enabled: options.disabled ? false : undefined,
      }),
      created: (json: KitParent) => `created ${noun} ${json.id} (version ${json.version})`,
    },
    update: {
      style: "merge" as const,
      description: `change a ${noun} (based on its current version; a concurrent change makes it fail)`,
      options: (command: Command) =>
        addEnabledOptions(command.option("-n, --name <name>", "new display name").option("-d, --description <text>", "new description")).option(
          "-c, --comment <text>",
          "why, recorded in the version history",
        ),
      changes: (options: { name?: string; description?: string; enabled?: boolean; disabled?: boolean }) =>
        requireChanges({ name: options.name, description: options.description, enabled: enabledValue(options) }),
      updated: (json: KitParent) => `updated ${noun} ${json.id} to version ${json.version}`,
    },
    delete: { description: `delete a ${noun} with all its ${children} and history` },
  };
}

/**
 * The resource named by `<parent> <noun>`, its operations `<prefix>_<action>` (the list
 * `<prefix>s_list`), its list and get commands (`get` describes the latter) and its history.
 */
export function kitChild<P extends string, List, One, Definition>(
  noun: string,
  parent: string,
  prefix: P,
  get: string,
  show: Shown<List, One> & { definition(definition: Definition): string },
) {
  return {
    ...kitHistory<Definition>(noun, show.definition),
    ...namedChild(noun, `${noun}_id`, { noun: parent, key: `${parent}_id` }),
    operations: { ...operationsNamed(prefix, VERSIONED_ACTIONS), list: `${prefix}s_list` as const },
    list: { description: `list a ${parent}'s ${noun}s`, view: show.list },
    get: { description: get, view: show.get },
  };
}
