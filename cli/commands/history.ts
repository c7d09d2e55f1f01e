// Version history, shared by toolsets, tools and roles: `versions`, `version-get`, `restore`.
import type { Command } from "commander";
import type { Api, History, Role, Tool, Toolset } from "../api";
import { action } from "../context";
import { UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { resourceName, versionFields, versionsTable } from "../views";

export interface HistoryCommands<Ids extends string[], Definition, Reply extends Toolset | Tool | Role> {
  kind: "toolset" | "tool" | "role";
  /** The positional arguments naming the resource: "<toolset>" or "<toolset> <tool>". */
  ids: string;
  /** The resource's history routes. */
  history: (api: Api) => History<Ids, Definition, Reply>;
  /** How a version shows the definition it recorded. */
  definition: (definition: Definition) => string;
}

export function addHistoryCommands<Ids extends string[], Definition, Reply extends Toolset | Tool | Role>(
  parent: Command,
  { kind, ids, history, definition }: HistoryCommands<Ids, Definition, Reply>,
) {
  const arity = ids.split(" ").length;
  // Commander passes one string per name in `ids`, then <n> where there is one, then the options.
  const named = (args: unknown[]) => args.slice(0, arity) as Ids;
  const number = (args: unknown[]) => versionNumber(args[arity] as string);

  addGlobalOptions(parent.command(`versions ${ids}`))
    .description(`list the ${kind}'s versions, newest first`)
    .action(
      action(async (context, ...args: unknown[]) => {
        const reply = await history(context.api).versions(named(args));
        emit(context.format, reply, (json) => versionsTable(json.versions));
      }),
    );

  addGlobalOptions(parent.command(`version-get ${ids} <n>`))
    .description(`show version <n> of the ${kind}`)
    .action(
      action(async (context, ...args: unknown[]) => {
        const reply = await history(context.api).version(named(args), number(args));
        emit(context.format, reply, (json) => versionFields(json, definition(json.definition)));
      }),
    );

  addGlobalOptions(parent.command(`restore ${ids} <n>`))
    .description(`make version <n> the ${kind}'s current definition again (as a new version)`)
    .action(
      action(async (context, ...args: unknown[]) => {
        const version = number(args);
        const reply = await history(context.api).restore(named(args), version);
        emit(context.format, reply, (json) => `restored ${kind} ${resourceName(json)} from version ${version} as version ${json.version}`);
      }),
    );
}

function versionNumber(text: string) {
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`version ${JSON.stringify(text)} must be a positive whole number`);
  return Number(text);
}
